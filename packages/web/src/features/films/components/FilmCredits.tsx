import { useId } from 'react';
import type { Film, FilmFacts } from '@filmlist/shared/api/films';
import { ExternalLink } from '../../../components/ExternalLink';
import { outLinks } from '../film-links';
import { HERO_GENRES } from './FilmHero';

/** A row of the details: shown only when there is something to say. */
function Detail({ term, values }: { term: string; values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>
        {values.map((value, i) => (
          <span key={value}>
            {i > 0 && ', '}
            <bdi>{value}</bdi>
          </span>
        ))}
      </dd>
    </>
  );
}

/**
 * The film's cast, genres and countries (docs/product.md §Film page), when the film database or the
 * demo catalogue knows them, and its pages on IMDb, Letterboxd and TMDB.
 */
export function FilmCredits({
  film,
  facts,
}: {
  film: Pick<Film, 'title' | 'release_year'>;
  facts: Pick<FilmFacts, 'cast' | 'genres' | 'countries' | 'tmdb_id' | 'imdb_id'> | null;
}) {
  const headingId = `${useId()}-credits`;
  const linksId = `${headingId}-links`;
  const cast = facts?.cast ?? [];
  // Three or fewer are in the hero already (FilmHero).
  const genres = (facts?.genres.length ?? 0) > HERO_GENRES ? (facts?.genres ?? []) : [];
  const countries = facts?.countries ?? [];
  const any = cast.length + genres.length + countries.length > 0;
  return (
    <>
      {any && (
        <section className="film-section film-credits" aria-labelledby={headingId}>
          <h2 id={headingId}>Details</h2>
          <dl>
            <Detail term="Starring" values={cast} />
            <Detail term={genres.length === 1 ? 'Genre' : 'Genres'} values={genres} />
            <Detail term={countries.length === 1 ? 'Country' : 'Countries'} values={countries} />
          </dl>
        </section>
      )}
      <section className="film-section film-elsewhere" aria-labelledby={linksId}>
        <h2 id={linksId}>More about this film</h2>
        <ul className="out-links">
          {outLinks(film, facts).map((link) => (
            <li key={link.site}>
              <ExternalLink href={link.href}>
                <span className={`site-mark site-${link.site.toLowerCase()}`} aria-hidden="true" />
                {link.site}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
