import { useEffect, useRef } from 'react';
import { messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { Link } from '../../../lib/router';

/** docs/product.md §Public screens: check your email, the junk folder, the contact address, the 48-72hrs window. */
export function SignupSuccess({ email }: { email: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const contact = appConfig.links.contactEmail;
  return (
    <div className="signup-success" ref={box} tabIndex={-1}>
      <p className="success" role="status">
        <strong>{messages.registrationSuccessful}</strong>
      </p>
      <p>
        We have sent a verification link to <strong>{email}</strong>. Please check your email and follow the link to verify your account.
      </p>
      <p>If you cannot find the email, please check your junk or spam folder.</p>
      <p>
        Not there either?{' '}
        <Link to="/resend-verification" state={{ email }}>
          Resend verification email
        </Link>
      </p>
      <p>
        Still nothing? Contact us at <a href={`mailto:${contact}`}>{contact}</a>.
      </p>
      <p>Your account must be verified within 48-72hrs. After that the sign-up expires and you will need to sign up again.</p>
    </div>
  );
}
