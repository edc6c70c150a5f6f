import { PrivacyText } from '../../../components/legal/PrivacyText';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <article className="legal-page">
      <h1>Privacy Policy</h1>
      <PrivacyText />
    </article>
  );
}
