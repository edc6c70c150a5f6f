import { useState, type FormEvent } from 'react';
import { messages } from '@filmlist/shared/messages';
import { ProcessingButton } from '../../../components/ProcessingButton';
import { ApiError } from '../../../lib/api-client';
import { sessionEnded, useAuth } from '../../../lib/auth';
import { SessionEndedNotice } from '../../../components/SessionEndedNotice';
import { retryNote } from '../../../lib/retry-note';
import { Link, useLocation, useNavigate } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TextField } from '../../../components/TextField';
import { useLogin } from '../api/login';
import { PublicFilmOffer, privateFilmSlug } from './PublicFilmOffer';

/** Under the Username field (docs/product.md §Login): the login takes the username, and members type their address. */
const LOGIN_BY_USERNAME = 'Your username, not your email address.';
/** Under the Username field when it holds an "@", which no username does: the member typed their address, and nothing is sent. */
const EMAIL_TYPED = 'That is an email address: usernames have no "@". Log in with your username.';
/** After the notice that a session ended: the list is still there for a visitor. */
const BROWSE_INSTEAD = 'Browse the list without logging in';

/** Where RequireAuth was sending the visitor, if it is a path on this site. */
function fromPath(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    if (state.from.startsWith('/') && !state.from.startsWith('//')) return state.from;
  }
  return null;
}

export default function LoginPage() {
  useDocumentTitle('Login');
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutateAsync: login } = useLogin();
  // Read once: the notice stays while the page does, and a login clears it; the member's name is offered again.
  const [ended] = useState(sessionEnded);
  const [username, setUsername] = useState(ended?.username ?? '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState('');
  const [unverified, setUnverified] = useState(false);
  const [slowDown, setSlowDown] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const from = fromPath(location.state);
  const sentFilm = privateFilmSlug(from);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure('');
    setUnverified(false);
    setSlowDown(null);
    const found: { username?: string; password?: string } = {};
    if (!username.trim()) found.username = messages.usernameRequired;
    else if (username.includes('@')) found.username = EMAIL_TYPED;
    if (!password) found.password = messages.passwordRequired;
    setErrors(found);
    if (found.username || found.password) return;
    setProcessing(true);
    try {
      const answer = await login({ username: username.trim(), password });
      auth.login(answer);
      navigate(from ?? '/dashboard', { replace: true });
    } catch (error) {
      const notVerified = error instanceof ApiError && error.status === 403 && error.code === 'unverified';
      setFailure(notVerified ? messages.loginUnverified : messages.loginFailed);
      setUnverified(notVerified);
      // Too many attempts, or the server busy: say when to come back, below the form's own message.
      setSlowDown(retryNote(error));
      setProcessing(false);
    }
  };

  return (
    <section className="auth-page">
      <h1>Login</h1>
      <SessionEndedNotice ended={sentFilm ? null : ended}>
        <Link to="/">{BROWSE_INSTEAD}</Link>
      </SessionEndedNotice>
      {sentFilm && <PublicFilmOffer slug={sentFilm} />}
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={errors.username}
          hint={LOGIN_BY_USERNAME}
        />
        <TextField
          label="Password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <label className="inline">
          <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} />
          Show password
        </label>
        {failure && (
          <div className="form-error" role="alert">
            <p className="error">{failure}</p>
            {slowDown && <p className="hint">{slowDown}</p>}
            {unverified && (
              <p>
                <Link to="/resend-verification">Resend verification email</Link>
              </p>
            )}
          </div>
        )}
        <div className="actions">
          <ProcessingButton processing={processing} label="Login" />
        </div>
      </form>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p>
        New to The Film List? <Link to="/signup">Sign up</Link>
      </p>
    </section>
  );
}
