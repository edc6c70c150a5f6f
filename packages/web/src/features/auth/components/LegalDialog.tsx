import { Dialog } from '../../../components/Dialog';
import { PrivacyText } from '../../../components/legal/PrivacyText';
import { TermsText } from '../../../components/legal/TermsText';

export type LegalDocument = 'terms' | 'privacy';

const TITLES: Record<LegalDocument, string> = { terms: 'Terms and Conditions', privacy: 'Privacy Policy' };

/** The Terms and Conditions or the Privacy Policy in a pop-up, from the sign-up form. */
export function LegalDialog({ document, onClose }: { document: LegalDocument | null; onClose: () => void }) {
  const title = document ? TITLES[document] : '';
  return (
    <Dialog open={document !== null} title={title} onClose={onClose} initialFocus=".legal-scroll">
      <div className="legal-scroll" role="region" aria-label={`${title} text`} tabIndex={0}>
        {document === 'terms' ? <TermsText headingLevel={3} /> : <PrivacyText headingLevel={3} />}
      </div>
      <div className="actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
