import { TermsText } from '../../../components/legal/TermsText';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function TermsPage() {
  useDocumentTitle('Terms and Conditions');
  return (
    <article className="legal-page">
      <h1>Terms and Conditions</h1>
      <TermsText />
    </article>
  );
}
