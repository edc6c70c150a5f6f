// Placeholder until this page lands.
export default function HomePage() {
  return <h1>HomePage</h1>;
}
