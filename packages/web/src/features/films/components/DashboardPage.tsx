import { FilmListPage } from './FilmListPage';

/** SPEC §2: the member's home at /dashboard, with mentions, ratings and filters. */
export default function DashboardPage() {
  return <FilmListPage member pageTitle="Dashboard" />;
}
