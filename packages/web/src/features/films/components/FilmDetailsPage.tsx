// Placeholder until this page lands.
export default function FilmDetailsPage(props: { private: boolean }) {
  return <h1>{props.private ? 'Private film details' : 'Film details'}</h1>;
}
