// Placeholder until this page lands.
export default function MasterAddFilmPage() {
  return <h1>MasterAddFilmPage</h1>;
}
