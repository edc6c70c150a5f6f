// Placeholder until this page lands.
export default function MyProfilePage() {
  return <h1>MyProfilePage</h1>;
}
