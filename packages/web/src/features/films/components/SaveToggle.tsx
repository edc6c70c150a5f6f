import { Icon } from '../../../components/Icon';

interface SaveToggleProps {
  /** on the member's watchlist; null while the watchlist loads */
  saved: boolean | null;
  onToggle: () => void;
  focusKey?: string;
  /** the row's leading action (a film new to the member, not saved yet) */
  lead?: boolean;
}

/**
 * Save / Saved: puts a film on the member's watchlist or takes it off (docs/product.md §Watchlist). Its name is the
 * word it shows, which says the state; the change shows at once (the cache is updated before the server answers).
 */
export function SaveToggle({ saved, onToggle, focusKey, lead = false }: SaveToggleProps) {
  return (
    <button
      type="button"
      className={lead ? 'act lead save-toggle' : 'act quiet save-toggle'}
      data-focus-key={focusKey}
      disabled={saved === null}
      onClick={onToggle}
    >
      <span className="act-label">{saved ? 'Saved' : 'Save'}</span>
      <Icon name="bookmark" filled={saved === true} />
    </button>
  );
}
