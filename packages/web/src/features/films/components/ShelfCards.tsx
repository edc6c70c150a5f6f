import type { RankedFilm } from '../../../lib/decoders';
import { FilmCard } from './FilmCard';

/** The shelf's cards: a poster and a title leading to each film's page. Loaded once the shelf has films, after the first rows. */
export default function ShelfCards({ films, member }: { films: readonly RankedFilm[]; member: boolean }) {
  return (
    <ul className="shelf-cards">
      {films.map((film) => (
        <li key={film.film_id}>
          <FilmCard film={film} rank={film.rank} member={member} />
        </li>
      ))}
    </ul>
  );
}
