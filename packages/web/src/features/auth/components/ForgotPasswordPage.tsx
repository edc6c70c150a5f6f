import { messages } from '@filmlist/shared/messages';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api/forgot-password';
import { EmailLinkForm } from './EmailLinkForm';

/** /forgot-password: mails a single-use reset link that lasts an hour (docs/product.md §Account recovery). */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const { mutateAsync: requestReset } = useRequestPasswordReset();
  return (
    <section className="auth-page">
      <h1>Forgot Password</h1>
      <p className="form-intro">
        Enter the email address of your account. We will email it a link to set a new password. The link works once, within an hour.
      </p>
      <EmailLinkForm send={requestReset} buttonLabel="Send Reset Link" failure={messages.recoveryFailed} />
      <p>
        Remembered it? <Link to="/login">Login</Link>
      </p>
    </section>
  );
}
