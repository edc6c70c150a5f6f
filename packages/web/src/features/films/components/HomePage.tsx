import { FilmListPage } from './FilmListPage';

/** SPEC §2: the visitor's home at /. */
export default function HomePage() {
  return <FilmListPage member={false} pageTitle="Home" />;
}
