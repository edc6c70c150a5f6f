// Placeholder until this page lands.
export default function AccountDeletedPage() {
  return <h1>AccountDeletedPage</h1>;
}
