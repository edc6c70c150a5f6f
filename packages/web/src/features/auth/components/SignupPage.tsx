import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '@filmlist/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TextField } from '../../../components/TextField';
import { checkUser } from '../api/check-user';
import { register } from '../api/register';
import { SIGNUP_FIELDS, validateSignup, type SignupErrors, type SignupField, type SignupValues } from '../signup-validation';
import { LegalDialog, type LegalDocument } from './LegalDialog';
import { SignupSuccess } from './SignupSuccess';
import { useAvailability } from './use-availability';

const EMPTY: SignupValues = { username: '', email: '', password: '', confirmPassword: '', agreed: false };

/** The server's answer to a refused sign-up, placed next to the field it is about where it names one. */
function errorsFromServer(error: unknown): { fields: SignupErrors; form: string } {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) {
    return { fields: {}, form: messages.registrationFailed };
  }
  const fields: SignupErrors = {};
  for (const name of ['username', 'email', 'password'] as const) {
    const message = error.fields[name];
    if (message) fields[name] = message;
  }
  if (error.message === messages.usernameTaken) fields.username = messages.usernameTaken;
  else if (error.message === messages.emailTaken) fields.email = messages.emailTaken;
  return Object.keys(fields).length > 0 ? { fields, form: '' } : { fields, form: error.message || messages.registrationFailed };
}

export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const agreementErrorId = useId();
  const [values, setValues] = useState<SignupValues>(EMPTY);
  const [showPasswords, setShowPasswords] = useState(false);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [failure, setFailure] = useState('');
  const [processing, setProcessing] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const inputs = useRef<Partial<Record<SignupField, HTMLInputElement | null>>>({});
  const availability = useAvailability(values.username, values.email);

  const change = (field: Exclude<SignupField, 'agreement'>) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const show = (found: SignupErrors) => {
    setErrors(found);
    const first = SIGNUP_FIELDS.find((name) => found[name]);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure('');
    const found = validateSignup(values);
    if (Object.keys(found).length > 0) return show(found);
    setErrors({});
    setProcessing(true);
    try {
      const taken = await checkUser(values.username, values.email).catch(() => null);
      // SPEC §8: when the availability check fails, the submit silently stops.
      if (!taken) return;
      const held: SignupErrors = {};
      if (taken.usernameExists) held.username = messages.usernameTaken;
      if (taken.emailExists) held.email = messages.emailTaken;
      if (Object.keys(held).length > 0) return show(held);
      try {
        await register(values.username, values.email, values.password);
        setRegisteredEmail(values.email);
      } catch (error) {
        const server = errorsFromServer(error);
        show(server.fields);
        setFailure(server.form);
      }
    } finally {
      setProcessing(false);
    }
  };

  if (registeredEmail) {
    return (
      <section className="auth-page">
        <h1>Sign Up</h1>
        <SignupSuccess email={registeredEmail} />
      </section>
    );
  }

  const passwordType = showPasswords ? 'text' : 'password';
  const usernameMessage = errors.username ?? (availability.usernameTaken ? messages.usernameTaken : undefined);
  const emailMessage = errors.email ?? (availability.emailTaken ? messages.emailTaken : undefined);

  return (
    <section className="auth-page">
      <h1>Sign Up</h1>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          ref={(el) => {
            inputs.current.username = el;
          }}
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => change('username')(e.target.value)}
          error={usernameMessage}
        />
        <TextField
          ref={(el) => {
            inputs.current.email = el;
          }}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => change('email')(e.target.value)}
          error={emailMessage}
        />
        <TextField
          ref={(el) => {
            inputs.current.password = el;
          }}
          label="Password"
          name="password"
          type={passwordType}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => change('password')(e.target.value)}
          error={errors.password}
        />
        <TextField
          ref={(el) => {
            inputs.current.confirmPassword = el;
          }}
          label="Confirm Password"
          name="confirmPassword"
          type={passwordType}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => change('confirmPassword')(e.target.value)}
          error={errors.confirmPassword}
        />
        <label className="inline">
          <input type="checkbox" checked={showPasswords} onChange={(e) => setShowPasswords(e.target.checked)} />
          Show passwords
        </label>

        <div className="agreement">
          <label className="inline">
            <input
              ref={(el) => {
                inputs.current.agreement = el;
              }}
              type="checkbox"
              name="agreement"
              checked={values.agreed}
              aria-invalid={errors.agreement ? true : undefined}
              aria-describedby={errors.agreement ? agreementErrorId : undefined}
              onChange={(e) => {
                const agreed = e.target.checked;
                setValues((v) => ({ ...v, agreed }));
                setErrors((x) => ({ ...x, agreement: undefined }));
              }}
            />
            I agree to the Terms &amp; Conditions and Privacy Policy
          </label>
          <div className="agreement-links">
            <button type="button" className="link-button" onClick={() => setLegal('terms')}>
              Read the Terms and Conditions
            </button>
            <button type="button" className="link-button" onClick={() => setLegal('privacy')}>
              Read the Privacy Policy
            </button>
          </div>
          {errors.agreement && (
            <p id={agreementErrorId} className="error field-error" role="alert">
              {errors.agreement}
            </p>
          )}
        </div>

        {failure && (
          <p className="error form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={processing}>
            {processing ? 'Processing...' : 'Sign Up'}
          </button>
        </div>
      </form>
      <p>
        Already have an account? <Link to="/login">Login</Link>
      </p>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
    </section>
  );
}
