import { useState } from 'react';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignup } from '../hooks/use-signup';
import { LegalDialog, type LegalDocument } from './LegalDialog';
import { SignupForm } from './SignupForm';
import { SignupSuccess } from './SignupSuccess';

/** docs/product.md §Public screens, /signup: the form, then how to verify the new account. */
export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const signup = useSignup();
  const [legal, setLegal] = useState<LegalDocument | null>(null);

  if (signup.registeredEmail) {
    return (
      <section className="auth-page">
        <h1>Sign Up</h1>
        <SignupSuccess email={signup.registeredEmail} />
      </section>
    );
  }

  return (
    <section className="auth-page">
      <h1>Sign Up</h1>
      <SignupForm signup={signup} onRead={setLegal} />
      <p>
        Already have an account? <Link to="/login">Login</Link>
      </p>
      <LegalDialog document={legal} onClose={() => setLegal(null)} />
    </section>
  );
}
