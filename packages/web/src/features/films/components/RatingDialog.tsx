import type { Film } from '@filmlist/shared/api/films';
import { Dialog } from '../../../components/Dialog';
import { StarRating } from './StarRating';

/** docs/product.md §Rating rules: rate a film from 1 to 10 stars, or change the rating. */
export function RatingDialog({
  film,
  current,
  onChoose,
  onClose,
}: {
  film: Film | null;
  current: number | null;
  onChoose: (film: Film, rating: number) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={film !== null}
      title={film ? `Rate ${film.title}` : ''}
      isolate={film?.title}
      onClose={onClose}
      initialFocus='[role="radio"][tabindex="0"]'
    >
      {film && (
        <>
          <p>{current === null ? 'Choose from 1 to 10 stars.' : `Your rating is ${current} out of 10. Choose a new one to change it.`}</p>
          <StarRating value={current} label={`Your rating for ${film.title}`} onChoose={(rating) => onChoose(film, rating)} />
        </>
      )}
      <div className="actions">
        <button type="button" className="act quiet" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
