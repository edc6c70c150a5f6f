// Placeholder until this page lands.
export default function DashboardPage() {
  return <h1>DashboardPage</h1>;
}
