// Placeholder until this page lands.
export default function NotFoundPage() {
  return <h1>NotFoundPage</h1>;
}
