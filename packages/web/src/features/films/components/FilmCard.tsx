import type { Film } from '@filmlist/shared/api/films';
import { Link } from '../../../lib/router';
import { filmPath } from '../../../lib/film-paths';
import { hideBroken, posterSrc } from './Poster';

/** A film as a small card: its poster, title, year and rank, leading to its page (the shelf of new films, the titles a search contains). */
export function FilmCard({ film, rank, member }: { film: Film; rank: number | undefined; member: boolean }) {
  const src = posterSrc(film);
  const meta = rank === undefined ? String(film.release_year) : `${film.release_year} · #${rank}`;
  return (
    // Named in one phrase: its title and its line of year and rank sit in boxes of their own, read without a pause between.
    <Link className="shelf-card" to={filmPath(film, member)} state={{ film, fromList: true }} aria-label={`${film.title}, ${meta}`}>
      <span className="shelf-poster">
        {src && <img src={src} width={34} height={51} alt="" loading="lazy" decoding="async" onError={hideBroken} />}
      </span>
      <span className="shelf-text">
        <bdi className="shelf-title">{film.title}</bdi>
        <span className="shelf-meta">{meta}</span>
      </span>
    </Link>
  );
}
