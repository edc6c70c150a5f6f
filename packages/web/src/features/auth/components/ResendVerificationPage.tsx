import { messages } from '@filmlist/shared/messages';
import { Link, useLocation } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResendVerification } from '../api/resend-verification';
import { EmailLinkForm } from './EmailLinkForm';

/** The address the sign-up page passed along, if any. */
function emailIn(state: unknown): string {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/** /resend-verification: a new verification link for an account not yet verified; the earlier one stops working. */
export default function ResendVerificationPage() {
  useDocumentTitle('Resend Verification Email');
  const { state } = useLocation();
  const { mutateAsync: resend } = useResendVerification();
  return (
    <section className="auth-page">
      <h1>Resend Verification Email</h1>
      <p className="form-intro">
        Enter the email address you signed up with. If its account is waiting for verification, we will email it a new link, and the earlier
        one stops working.
      </p>
      <EmailLinkForm
        send={resend}
        buttonLabel="Resend Verification Email"
        failure={messages.recoveryFailed}
        initialEmail={emailIn(state)}
      />
      <p>
        Verified already? <Link to="/login">Login</Link>
      </p>
    </section>
  );
}
