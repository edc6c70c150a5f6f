// Placeholder until this page lands.
export default function VerificationPage() {
  return <h1>VerificationPage</h1>;
}
