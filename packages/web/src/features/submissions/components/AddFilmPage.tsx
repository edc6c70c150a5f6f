import { useId, useState, type FormEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSubmitFilmForReview } from '../api/review-film';
import { useFocusProblem } from '../hooks/use-focus-problem';
import { useSendNewFilm } from '../hooks/use-send-new-film';
import { problemFromError, trimmedFilm, validateFilmForm, type FormProblems } from '../utils/film-form';
import { ConfirmBox, FilmFields, FormError } from './FilmFields';

const EMPTY: FilmValues = { title: '', release_year: '', description: '' };

/** /addfilm: a member submits a film for review (SPEC §2, §4, §5). */
export default function AddFilmPage() {
  useDocumentTitle('Add Film');
  const prefix = useId();
  const sendNewFilm = useSendNewFilm();
  const { mutateAsync: submitForReview } = useSubmitFilmForReview();
  const [values, setValues] = useState<FilmValues>(EMPTY);
  const [confirmed, setConfirmed] = useState(false);
  const [problems, setProblems] = useState<FormProblems>([]);
  const [success, setSuccess] = useState('');
  const [working, setWorking] = useState(false);
  useFocusProblem(prefix, problems);

  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    setSuccess('');
    const invalid = validateFilmForm({ ...values, confirmed });
    setProblems(invalid);
    if (invalid.length > 0) return;
    setWorking(true);
    const film = trimmedFilm(values);
    const outcome = await sendNewFilm(
      values,
      () => submitForReview(film),
      (error) => problemFromError(error, messages.reviewSubmitFailed, [400, 409]),
    );
    setWorking(false);
    if (!outcome.sent) return setProblems(outcome.problem ? [outcome.problem] : []);
    setValues(EMPTY);
    setConfirmed(false);
    setSuccess(aboutFilm(film.title, film.release_year, messages.reviewSubmitted));
  }

  return (
    <section className="film-form-page">
      <h1>Add a Film</h1>
      <p className="form-intro">
        Recommend a film you think is undervalued. A reviewer checks every submission before it joins The Film List, and you will hear the
        result by email.
      </p>
      <form className="film-form" noValidate onSubmit={(event) => void submit(event)}>
        <FilmFields prefix={prefix} values={values} onChange={change} problems={problems} descriptionLabel="Logline" />
        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problems={problems} />
        <FormError problems={problems} />
        <div className="actions">
          <ProcessingButton processing={working} label="Add Film" />
        </div>
      </form>
      <div className="form-message" role="status">
        {success && (
          <>
            <p className="success">{success}</p>
            <p>
              <Link to="/my-submissions">Follow your submissions on My Submissions</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
