import type { Outcome } from '../hooks/use-profile-form';

/** A form's result: a success in a polite live region that is always there, a failure as an alert. */
export function FormOutcome({ outcome, extra }: { outcome: Outcome | null; extra?: string | undefined }) {
  return (
    <>
      <div role="status" className="success form-outcome">
        {outcome?.ok && (
          <>
            <p>{outcome.text}</p>
            {extra && <p>{extra}</p>}
          </>
        )}
      </div>
      {outcome && !outcome.ok && (
        <p role="alert" className="error form-outcome">
          {outcome.text}
        </p>
      )}
    </>
  );
}
