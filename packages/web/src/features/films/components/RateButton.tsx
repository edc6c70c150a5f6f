import type { Ref } from 'react';
import { Icon } from '../../../components/Icon';

interface RateButtonProps {
  /** the member's votes are loaded */
  ready: boolean;
  /** the member's rating, shown beside the word ("8/10", not only "Rate (8)") */
  rating: number | null;
  /** the one filled action of its row or page */
  lead: boolean;
  onClick: () => void;
  focusKey?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The Rate button (docs/product.md §Member screens), named "Rate" or "Rate 8/10". */
export function RateButton({ ready, rating, lead, onClick, focusKey, ref }: RateButtonProps) {
  return (
    <button
      type="button"
      className={lead ? 'act lead' : 'act quiet'}
      data-focus-key={focusKey}
      ref={ref}
      disabled={!ready}
      onClick={onClick}
    >
      <span className="act-label">{ready ? 'Rate' : 'Loading...'}</span>{' '}
      {ready && (
        <span className="act-value">
          <Icon name="star" filled={rating !== null} />
          {rating !== null && `${rating}/10`}
        </span>
      )}
    </button>
  );
}
