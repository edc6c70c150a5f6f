import type { FilmDatabaseEntry, LookupCandidate } from '@filmlist/shared/api/lookup';
import { messages } from '@filmlist/shared/messages';
import { filmSlug } from '@filmlist/shared/slug';
import { PosterImage } from '../../../components/PosterImage';
import { Link } from '../../../lib/router';
import type { Duplicate } from '../hooks/use-film-link';
import { publicFilmPath } from '../../../lib/film-paths';

/** What a linked entry shows: the candidate chosen in this form, or the entry as the film database has it. */
type EntryShown = Pick<LookupCandidate, 'title' | 'release_year' | 'poster_url' | 'directors'>;

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

interface LinkedEntryProps {
  tmdbId: number;
  /** the candidate chosen in this form */
  chosen: LookupCandidate | null;
  /** the entry as the film database has it (reviewers' forms); undefined while unknown */
  entry?: FilmDatabaseEntry | undefined;
  /** the title and year in the form, checked against the entry's own */
  form: { title: string; release_year: string };
  /** null: the link is shown, not changed, here */
  onUnlink: (() => void) | null;
}

/**
 * The film database entry the form is linked to: the chosen candidate, or (a submission's or a
 * listed film's link) the entry's own title, year and poster, so that a link to another film shows
 * (docs/product.md §Film database); with a way to drop it.
 */
export function LinkedEntry({ tmdbId, chosen, entry, form, onUnlink }: LinkedEntryProps) {
  const shown: EntryShown | null = chosen ?? entry ?? null;
  const differs =
    chosen === null &&
    entry !== undefined &&
    (!sameText(entry.title, form.title) || (entry.release_year !== null && String(entry.release_year) !== form.release_year.trim()));
  return (
    <div className="linked-entry">
      {shown && <PosterImage url={shown.poster_url} widths={[92, 185]} sizes="2.5rem" className="lookup-poster" />}
      <p className="linked-text">
        {shown ? (
          <>
            <strong>
              <bdi>{shown.title}</bdi>
              {shown.release_year !== null && ` (${shown.release_year})`}
            </strong>
            {shown.directors.length > 0 && <span className="lookup-directors">{shown.directors.join(', ')}</span>}
          </>
        ) : (
          <strong>Film database entry {tmdbId}</strong>
        )}
        <span className="linked-note">Linked to the film database: the poster and credits come from it.</span>
        {differs && (
          <span className="linked-differs">
            The entry is not the title and year above: check that it is the same film
            {onUnlink ? ', or unlink it.' : ' (the reviewer form can change the link).'}
          </span>
        )}
      </p>
      {onUnlink && (
        <button type="button" className="link-button" onClick={onUnlink}>
          Unlink
        </button>
      )}
      {entry?.adult && (
        <p className="error linked-adult" role="alert">
          {messages.filmDatabaseEntryAdult}
        </p>
      )}
    </div>
  );
}

/**
 * A duplicate caught while typing (docs/product.md §Add-film rules), with the way to the film already
 * listed. Once the form's own message says the same (a submit refused for it), only the way is left here.
 */
export function DuplicateNotice({ duplicate, formMessage }: { duplicate: Duplicate; formMessage: string | undefined }) {
  const message = duplicate.kind === 'pending' ? messages.filmAlreadyPending : messages.filmAlreadyListed;
  const saidByForm = formMessage === message;
  if (duplicate.kind === 'pending') {
    return saidByForm ? null : (
      <p className="duplicate-notice" role="status">
        {message}
      </p>
    );
  }
  return (
    <p className="duplicate-notice" role="status">
      {saidByForm ? null : <>{message} </>}
      <Link to={publicFilmPath(duplicate.film.slug)}>
        See <bdi>{duplicate.film.title}</bdi> on the list
      </Link>
    </p>
  );
}

/** The same, from the title-and-year check: the film's address is read back from them (§Film addresses). */
export function listedByTitle(title: string, year: string): Duplicate {
  return { kind: 'listed', film: { film_id: 0, slug: filmSlug(title.trim(), Number(year.trim())), title: title.trim() } };
}

/** The film database's synopsis, offered as a starting point while the logline is empty. */
export function OverviewOffer({ overview, onUse }: { overview: string; onUse: (text: string) => void }) {
  return (
    <div className="overview-offer">
      <p className="field-hint">The film database has a synopsis you can start from, then make your own:</p>
      <button type="button" className="secondary small" onClick={() => onUse(overview)}>
        Start from the synopsis
      </button>
    </div>
  );
}
