import { useId, useState, type FormEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkFilmExists } from '../api/check-film';
import { submitFilmForReview } from '../api/review-film';
import { problemFromError, validateFilmForm, type FormProblem } from '../utils/film-form';
import { ConfirmBox, FilmFields, FormError, useFocusProblem } from './FilmFields';

const EMPTY: FilmValues = { title: '', release_year: '', description: '' };

/** /addfilm: a member submits a film for review (SPEC §2, §4, §5). */
export default function AddFilmPage() {
  const prefix = useId();
  const [values, setValues] = useState<FilmValues>(EMPTY);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [success, setSuccess] = useState('');
  const [working, setWorking] = useState(false);
  useFocusProblem(prefix, problem);

  useDocumentTitle('Add Film');

  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    setSuccess('');
    const invalid = validateFilmForm({ ...values, confirmed });
    setProblem(invalid);
    if (invalid) return;
    setWorking(true);
    try {
      let exists: boolean;
      try {
        exists = await checkFilmExists(values.title, values.release_year);
      } catch {
        setProblem({ field: null, message: messages.filmCheckFailed });
        return;
      }
      if (exists) {
        setProblem({ field: null, message: messages.filmAlreadyListed });
        return;
      }
      try {
        await submitFilmForReview({
          title: values.title.trim(),
          release_year: values.release_year.trim(),
          description: values.description.trim(),
        });
      } catch (error) {
        setProblem(problemFromError(error, messages.reviewSubmitFailed, [400, 409]));
        return;
      }
      setValues(EMPTY);
      setConfirmed(false);
      setSuccess(messages.reviewSubmitted);
    } finally {
      setWorking(false);
    }
  }

  return (
    <section className="film-form-page">
      <h1>Add a Film</h1>
      <p className="form-intro">
        Recommend a film you think is undervalued. A reviewer checks every submission before it joins The Film List, and you
        will hear the result by email.
      </p>
      <form className="film-form" noValidate onSubmit={(event) => void submit(event)}>
        <FilmFields prefix={prefix} values={values} onChange={change} problem={problem} descriptionLabel="Logline" />
        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problem={problem} />
        <FormError problem={problem} />
        <div className="actions">
          <button type="submit" disabled={working}>
            {working ? 'Processing...' : 'Add Film'}
          </button>
        </div>
      </form>
      <p className="success form-message" role="status">
        {success}
      </p>
    </section>
  );
}
