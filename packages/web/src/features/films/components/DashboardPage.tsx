import { FilmListPage } from './FilmListPage';

/** docs/product.md §Member screens: the member's home at /dashboard, with mentions, ratings and filters. */
export default function DashboardPage() {
  return <FilmListPage member pageTitle="Dashboard" />;
}
