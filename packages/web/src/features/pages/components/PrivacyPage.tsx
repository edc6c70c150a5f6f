// Placeholder until this page lands.
export default function PrivacyPage() {
  return <h1>PrivacyPage</h1>;
}
