// Placeholder until this page lands.
export default function TermsPage() {
  return <h1>TermsPage</h1>;
}
