import { useRef, useState, type KeyboardEvent } from 'react';
import { RATING_MAX, RATING_MIN } from '@filmlist/shared/constants';
import { Icon } from '../../../components/Icon';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * Ten stars as a keyboard-operable radio group (docs/product.md §Navigation and shell): arrow keys,
 * Home and End move the choice, Enter or Space (or a click) confirms it.
 * Stars light up to the one hovered, else to the one chosen; the readout
 * beside them ("8/10") follows hover and the choice, which the arrow keys
 * move with focus.
 */
export function StarRating({ value, label, onChoose }: { value: number | null; label: string; onChoose: (rating: number) => void }) {
  const [selected, setSelected] = useState<number | null>(value);
  const [hovered, setHovered] = useState<number | null>(null);
  const refs = useRef<(HTMLSpanElement | null)[]>([]);
  const focusable = selected ?? RATING_MIN;
  const lit = hovered ?? selected ?? 0;

  const move = (to: number) => {
    const next = Math.min(RATING_MAX, Math.max(RATING_MIN, to));
    setSelected(next);
    refs.current[next - RATING_MIN]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>, star: number) => {
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        move(star + 1);
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        move(star - 1);
        break;
      case 'Home':
        move(RATING_MIN);
        break;
      case 'End':
        move(RATING_MAX);
        break;
      case 'Enter':
      case ' ':
        onChoose(star);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="star-rating">
      <div className="stars" role="radiogroup" aria-label={label} onMouseLeave={() => setHovered(null)}>
        {STARS.map((star) => (
          <span
            key={star}
            ref={(element) => {
              refs.current[star - RATING_MIN] = element;
            }}
            role="radio"
            aria-checked={selected === star}
            aria-label={star === 1 ? '1 star' : `${star} stars`}
            tabIndex={star === focusable ? 0 : -1}
            className={star <= lit ? 'star lit' : 'star'}
            onMouseEnter={() => setHovered(star)}
            onClick={() => onChoose(star)}
            onKeyDown={(event) => onKeyDown(event, star)}
          >
            <Icon name="star" filled={star <= lit} />
          </span>
        ))}
      </div>
      <p className="star-readout" aria-hidden="true">
        {lit > 0 ? `${lit}/${RATING_MAX}` : `–/${RATING_MAX}`}
      </p>
    </div>
  );
}
