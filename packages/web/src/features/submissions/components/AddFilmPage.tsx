// Placeholder until this page lands.
export default function AddFilmPage() {
  return <h1>AddFilmPage</h1>;
}
