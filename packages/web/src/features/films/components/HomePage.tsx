import { FilmListPage } from './FilmListPage';

/** docs/product.md §Public screens: the visitor's home at /. */
export default function HomePage() {
  return <FilmListPage member={false} pageTitle="Home" />;
}
