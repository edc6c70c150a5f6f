import type { RankedFilm } from '../../../lib/decoders';
import { Link } from '../../../lib/router';
import { filmPath } from '../../../lib/film-paths';
import { hideBroken, posterSrc } from './Poster';

/** The shelf's cards: a poster and a title leading to each film's page. Loaded once the shelf has films, after the first rows. */
export default function ShelfCards({ films, member }: { films: readonly RankedFilm[]; member: boolean }) {
  return (
    <ul className="shelf-cards">
      {films.map((film) => {
        const src = posterSrc(film);
        return (
          <li key={film.film_id}>
            <Link className="shelf-card" to={filmPath(film, member)} state={{ film, fromList: true }}>
              <span className="shelf-poster">
                {src && <img src={src} width={34} height={51} alt="" loading="lazy" decoding="async" onError={hideBroken} />}
              </span>
              <span className="shelf-text">
                <bdi className="shelf-title">{film.title}</bdi>
                <span className="shelf-meta">{`${film.release_year} · #${film.rank}`}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
