import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FilmDetail } from '@filmlist/shared/api/films';
import { REJECT_REASON_MAX } from '@filmlist/shared/constants';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { appConfig } from '../../../lib/app-config';
import { Link } from '../../../lib/router';
import { useFilmEdit } from '../hooks/use-film-edit';
import { useFilmEntry } from '../api/get-film-entry';
import { useFilmLink } from '../hooks/use-film-link';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { ConfirmBox, FilmFields, FormError, WatchLinkField } from './FilmFields';
import { ReasonDialog } from './ReasonDialog';
import { ReviewerWatch } from './ReviewerWatch';

/**
 * The film's title, year, logline and watch link, under the add-film rules, its link to the film
 * database (linked, relinked or unlinked through the type-ahead, docs/product.md §Film database), and its removal.
 */
export function EditFilmForm({ film }: { film: FilmDetail }) {
  const prefix = useId();
  const [values, setValues] = useState<FilmValues>({
    title: film.title,
    release_year: String(film.release_year),
    description: film.description,
  });
  const [watchLink, setWatchLink] = useState(film.watch_link ?? '');
  const link = useFilmLink(film.tmdb_id);
  const entry = useFilmEntry(link.tmdbId)?.entry ?? undefined;
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [removing, setRemoving] = useState(false);
  const edit = useFilmEdit(film);
  useFocusProblem(prefix, edit.problems);

  if (edit.removed) return <Removed message={edit.removed} />;

  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void edit.save({ ...values, watchLink, reason, confirmed, ...(link.changed ? { tmdb_id: link.tmdbId } : {}) });
  };

  return (
    <>
      <p className="form-intro">
        Changes show on The Film List at once. A new title or year gives the film a new address; the old one keeps working.
      </p>
      <form className="film-form" noValidate onSubmit={save}>
        <FilmFields
          prefix={prefix}
          values={values}
          onChange={change}
          problems={edit.problems}
          descriptionLabel="Logline"
          lookup={{
            enabled: appConfig.filmDatabase,
            link,
            entry,
            own: { film_id: film.film_id, title: film.title, release_year: String(film.release_year) },
          }}
        />
        {appConfig.filmDatabase && link.tmdbId === null && (
          <p className="field-hint">
            Not linked to the film database. To link it, press the down arrow in Film Title (or type) and choose the film.
          </p>
        )}
        <ReviewerWatch
          tmdbId={link.tmdbId}
          offers={entry?.where_to_watch ?? (link.changed ? null : film.where_to_watch)}
          noneKnown={entry !== undefined && entry.where_to_watch === null}
          onUse={setWatchLink}
        />
        <WatchLinkField prefix={prefix} name="watchLink" value={watchLink} onChange={setWatchLink} problems={edit.problems} />
        <label htmlFor={`${prefix}-note`}>
          Note for the record <span className="optional">(optional, shown in the history)</span>
        </label>
        <textarea
          id={`${prefix}-note`}
          rows={2}
          maxLength={REJECT_REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problems={edit.problems} />
        <FormError problems={edit.problems} />
        {edit.notReviewer ? (
          <p className="error form-message" role="alert">
            {messages.reviewerOnly}
          </p>
        ) : (
          <div className="actions">
            <ProcessingButton processing={edit.working === 'save'} disabled={edit.working !== null} label="Save Changes" />
            <ProcessingButton
              type="button"
              className="danger"
              processing={edit.working === 'remove'}
              disabled={edit.working !== null}
              onClick={() => setRemoving(true)}
              label="Remove Film"
            />
          </div>
        )}
      </form>
      <ReasonDialog
        open={removing}
        title={`Remove ${film.title} (${film.release_year})?`}
        isolate={film.title}
        confirmLabel="Yes, remove the film"
        danger
        onClose={() => setRemoving(false)}
        onConfirm={(why) => {
          setRemoving(false);
          void edit.remove(why);
        }}
      >
        <p>The film leaves The Film List with every answer, rating and watch click it has. This cannot be undone.</p>
      </ReasonDialog>
    </>
  );
}

/** The film is gone: said, focused, with the ways on. */
function Removed({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="outcome-box" ref={box} tabIndex={-1}>
      <p className="success" role="status">
        {message}
      </p>
      <p>
        <Link to="/dashboard">Back to The Film List</Link> or <Link to="/master">the review queue</Link>
      </p>
    </div>
  );
}
