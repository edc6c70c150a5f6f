// Placeholder until this page lands.
export default function AboutPage() {
  return <h1>AboutPage</h1>;
}
