import { messages } from '@filmlist/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure';
import { appConfig } from '../../../lib/app-config';
import { retryNote } from '../../../lib/retry-note';
import { Link, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEmailVerification } from '../api/verify-email';

export default function VerificationPage() {
  useDocumentTitle('Email Verification');
  const { token = '' } = useParams();
  const verification = useEmailVerification(token);
  const { data: status } = verification;
  const contact = appConfig.links.contactEmail;

  return (
    <section className="auth-page">
      <h1>Email Verification Status</h1>
      {/* No answer about the link (no connection, too many tries): nothing is said about it, and the way out is to ask again. */}
      {verification.isError && status === undefined ? (
        <LoadFailure
          message={messages.verificationUnreachable}
          note={retryNote(verification.error)}
          retrying={verification.isFetching}
          onRetry={() => void verification.refetch()}
        />
      ) : (
        <div role="status">
          {status === undefined && <p>Verifying your email address...</p>}
          {(status === 'verified' || status === 'alreadyVerified') && (
            <>
              <p className="success">{status === 'verified' ? messages.verificationSucceeded : messages.alreadyVerified}</p>
              <p>
                <Link to="/login">Log in to The Film List</Link>
              </p>
            </>
          )}
          {status === 'failed' && (
            <>
              <p className="error">{messages.verificationFailed}</p>
              <p>
                <a href={`mailto:${contact}`}>Contact support</a>
              </p>
              {/* An expired or used link is mended by a new one (docs/product.md §Account recovery). */}
              <p>
                <Link to="/resend-verification">Resend verification email</Link>
              </p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
