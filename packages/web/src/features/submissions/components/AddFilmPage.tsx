import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { appConfig } from '../../../lib/app-config';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSubmitFilmForReview } from '../api/review-film';
import { useFilmLink } from '../hooks/use-film-link';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { useSendNewFilm } from '../hooks/use-send-new-film';
import { problemFromError, trimmedFilm, validateFilmForm, type FormProblems } from '../utils/film-form';
import { ConfirmBox, FilmFields, FormError } from './FilmFields';
import { NoteField } from './NoteField';
import { aboutFilmText, Isolated, type TitledText } from '../../../components/Isolated';

const EMPTY: FilmValues = { title: '', release_year: '', description: '' };

/**
 * /addfilm: a member submits a film for review (docs/product.md §Submitting, §Add-film rules), found
 * in the film database as the title is typed when it is on (§Film database), with an optional note
 * on why it is undervalued (§Recommendation note).
 */
export default function AddFilmPage() {
  useDocumentTitle('Add Film');
  const prefix = useId();
  const sendNewFilm = useSendNewFilm();
  const { mutateAsync: submitForReview } = useSubmitFilmForReview();
  const [values, setValues] = useState<FilmValues>(EMPTY);
  const [note, setNote] = useState('');
  const [named, setNamed] = useState(true);
  const link = useFilmLink(null);
  const [confirmed, setConfirmed] = useState(false);
  const [problems, setProblems] = useState<FormProblems>([]);
  const [success, setSuccess] = useState<TitledText | null>(null);
  const [working, setWorking] = useState(false);
  useFocusProblem(prefix, problems);
  const sent = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (success) sent.current?.focus();
  }, [success]);

  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    setSuccess(null);
    const invalid = validateFilmForm({ ...values, note, confirmed });
    setProblems(invalid);
    if (invalid.length > 0) return;
    setWorking(true);
    const film = trimmedFilm(values);
    const outcome = await sendNewFilm(
      values,
      () => submitForReview({ ...film, tmdb_id: link.tmdbId, note, note_named: named }),
      (error) => problemFromError(error, messages.reviewSubmitFailed, [400, 409]),
    );
    setWorking(false);
    if (!outcome.sent) return setProblems(outcome.problem ? [outcome.problem] : []);
    setValues(EMPTY);
    setNote('');
    link.unlink();
    setConfirmed(false);
    setSuccess(aboutFilmText(film.title, film.release_year, messages.reviewSubmitted));
  }

  return (
    <section className="film-form-page">
      <h1>Add a Film</h1>
      <p className="form-intro">
        Recommend a film you think is undervalued. A reviewer checks every submission before it joins The Film List, and you will hear the
        result by email.
      </p>
      {/* Above the form, and focused when it says a film was sent: the emptied form below it must not read as a lost one. */}
      <div className="form-message" role="status" tabIndex={-1} ref={sent}>
        {success && (
          <>
            <p className="success">
              <Isolated {...success} />
            </p>
            <p>
              <Link to="/my-submissions">Follow your submissions on My Submissions</Link>
            </p>
          </>
        )}
      </div>
      <form className="film-form" noValidate onSubmit={(event) => void submit(event)}>
        <FilmFields
          prefix={prefix}
          values={values}
          onChange={change}
          problems={problems}
          descriptionLabel="Logline"
          lookup={{ enabled: appConfig.filmDatabase, link, offerOverview: true }}
        />
        <NoteField prefix={prefix} value={note} onChange={setNote} problems={problems} named={{ value: named, onChange: setNamed }} />
        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problems={problems} />
        <FormError problems={problems} />
        <div className="actions">
          <ProcessingButton processing={working} label="Add Film" />
        </div>
      </form>
    </section>
  );
}
