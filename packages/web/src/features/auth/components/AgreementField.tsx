import { useId, type Ref } from 'react';
import type { LegalDocument } from './LegalDialog';

interface AgreementFieldProps {
  agreed: boolean;
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onChange: (agreed: boolean) => void;
  onRead: (document: LegalDocument) => void;
}

/** docs/product.md §Public screens: the agreement box, and buttons that open the Terms and Conditions and the Privacy Policy. */
export function AgreementField({ agreed, error, inputRef, onChange, onRead }: AgreementFieldProps) {
  const errorId = useId();
  return (
    <div className="agreement">
      <label className="inline">
        <input
          ref={inputRef}
          type="checkbox"
          name="agreement"
          checked={agreed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        I agree to the Terms &amp; Conditions and Privacy Policy
      </label>
      <div className="agreement-links">
        <button type="button" className="link-button" onClick={() => onRead('terms')}>
          Read the Terms and Conditions
        </button>
        <button type="button" className="link-button" onClick={() => onRead('privacy')}>
          Read the Privacy Policy
        </button>
      </div>
      {error && (
        <p id={errorId} className="error field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
