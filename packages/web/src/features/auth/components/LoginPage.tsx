// Placeholder until this page lands.
export default function LoginPage() {
  return <h1>LoginPage</h1>;
}
