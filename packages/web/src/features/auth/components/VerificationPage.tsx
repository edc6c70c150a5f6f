import { useEffect, useState } from 'react';
import { messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { Link, useParams } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyEmail } from '../api/verify-email';

type Status = 'checking' | 'verified' | 'failed';

export default function VerificationPage() {
  useDocumentTitle('Email Verification');
  const { token = '' } = useParams();
  const [result, setResult] = useState<{ token: string; status: Status }>({ token: '', status: 'checking' });
  const status: Status = result.token === token ? result.status : 'checking';

  useEffect(() => {
    let live = true;
    void verifyEmail(token).then((ok) => {
      if (live) setResult({ token, status: ok ? 'verified' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [token]);

  const contact = appConfig.links.contactEmail;
  return (
    <section className="auth-page">
      <h1>Email Verification Status</h1>
      <div role="status">
        {status === 'checking' && <p>Verifying your email address...</p>}
        {status === 'verified' && (
          <>
            <p className="success">{messages.verificationSucceeded}</p>
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
          </>
        )}
      </div>
    </section>
  );
}
