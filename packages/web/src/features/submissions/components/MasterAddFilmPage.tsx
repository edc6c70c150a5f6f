import { useId, useState, type FormEvent } from 'react';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { REJECT_REASON_MAX } from '@filmlist/shared/constants';
import { messages } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Link, useLocation, useParams } from '../../../lib/router';
import { addFilm } from '../api/add-film';
import { checkFilmExists } from '../api/check-film';
import { rejectFilm } from '../api/reject-film';
import { isForbidden, prefillFromPath, problemFromError, validateFilmForm, type FormProblem } from '../utils/film-form';
import { ConfirmBox, FieldError, FilmFields, FormError, describedBy, fieldId, useFocusProblem } from './FilmFields';

/**
 * /master/addfilm/{title}/{release_year}/{description}/{user_id}: the reviewer
 * form, prefilled from the path (SPEC §2). A new path is a new form.
 */
export default function MasterAddFilmPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Review Film');
  return <ReviewerForm key={pathname} />;
}

type Working = 'add' | 'reject' | null;

function ReviewerForm() {
  const prefix = useId();
  const { user } = useAuth();
  const params = useParams();
  const [initial] = useState(() => prefillFromPath(params));
  const [values, setValues] = useState<FilmValues>({
    title: initial.title,
    release_year: initial.release_year,
    description: initial.description,
  });
  const [watchLink, setWatchLink] = useState('');
  const [userId, setUserId] = useState(initial.userId);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [success, setSuccess] = useState('');
  const [working, setWorking] = useState<Working>(null);
  const [forbidden, setForbidden] = useState(false);
  const [decided, setDecided] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  useFocusProblem(prefix, problem);

  const notReviewer = forbidden || user?.isReviewer === false;
  const change = (field: FilmField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  function refused(error: unknown): boolean {
    if (!isForbidden(error)) return false;
    setForbidden(true);
    setProblem(null);
    return true;
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working || notReviewer || decided) return;
    setSuccess('');
    const invalid = validateFilmForm({ ...values, confirmed, watchLink });
    setProblem(invalid);
    if (invalid) return;
    setWorking('add');
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
        await addFilm({
          title: values.title.trim(),
          release_year: values.release_year.trim(),
          description: values.description.trim(),
          watchLink: watchLink.trim(),
          userId: userId.trim(),
        });
      } catch (error) {
        if (!refused(error)) setProblem(problemFromError(error, messages.addFilmFailed, [400, 409]));
        return;
      }
      setDecided(true);
      setSuccess(messages.filmAdded);
    } finally {
      setWorking(null);
    }
  }

  async function reject() {
    setRejecting(false);
    if (working || notReviewer || decided) return;
    setSuccess('');
    setProblem(null);
    setWorking('reject');
    try {
      await rejectFilm({ title: values.title.trim(), release_year: values.release_year.trim(), userId: userId.trim(), reason });
      setDecided(true);
      setSuccess(messages.filmRejected);
    } catch (error) {
      if (!refused(error)) setProblem(problemFromError(error, messages.rejectFilmFailed, [400, 404, 409]));
    } finally {
      setWorking(null);
    }
  }

  return (
    <section className="film-form-page">
      <h1>Review a Film</h1>
      <p className="form-intro">
        Check the details, add a watch link if there is one, then add the film to The Film List or reject it. The member who
        submitted it is told by email either way.
      </p>
      <form className="film-form" noValidate onSubmit={(event) => void add(event)}>
        <FilmFields prefix={prefix} values={values} onChange={change} problem={problem} descriptionLabel="Description" />

        <label htmlFor={fieldId(prefix, 'watchLink')}>
          Watch Link <span className="optional">(optional)</span>
        </label>
        <input
          id={fieldId(prefix, 'watchLink')}
          name="watchLink"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={watchLink}
          onChange={(event) => setWatchLink(event.target.value)}
          {...describedBy(prefix, 'watchLink', problem)}
        />
        <FieldError prefix={prefix} field="watchLink" problem={problem} />

        <label htmlFor={fieldId(prefix, 'userId')}>User ID</label>
        <input
          id={fieldId(prefix, 'userId')}
          name="userId"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="year-input"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          {...describedBy(prefix, 'userId', problem)}
        />
        <FieldError prefix={prefix} field="userId" problem={problem} />

        <ConfirmBox prefix={prefix} checked={confirmed} onChange={setConfirmed} problem={problem} />
        <FormError problem={problem} />

        {notReviewer ? (
          <p className="error form-message" role="alert">
            {messages.reviewerOnly}
          </p>
        ) : decided ? null : (
          <div className="actions">
            <button type="button" className="secondary" disabled={working !== null} onClick={() => setRejecting(true)}>
              {working === 'reject' ? 'Processing...' : 'Reject Film'}
            </button>
            <button type="submit" disabled={working !== null}>
              {working === 'add' ? 'Processing...' : 'Add Film'}
            </button>
          </div>
        )}
      </form>
      <p className="success form-message" role="status">
        {success}
      </p>
      {decided && (
        <p>
          <Link to="/master">Back to the review queue</Link>
        </p>
      )}

      <Dialog open={rejecting} title="Reject this film?" onClose={() => setRejecting(false)}>
        <p>The member who submitted it will be told by email, with your reason if you give one.</p>
        <label htmlFor={`${prefix}-reason`}>
          Reason <span className="optional">(optional)</span>
        </label>
        <textarea id={`${prefix}-reason`} className="reason-input" rows={3} maxLength={REJECT_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
        <div className="actions">
          <button type="button" onClick={() => void reject()}>
            Confirm Rejection
          </button>
          <button type="button" className="secondary" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </section>
  );
}
