// Placeholder until this page lands.
export default function ReviewQueuePage() {
  return <h1>ReviewQueuePage</h1>;
}
