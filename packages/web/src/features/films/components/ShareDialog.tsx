import type { Film } from '@filmlist/shared/api/films';
import { shareHeading } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { ShareOptions } from './ShareOptions';

/** Why the pop-up came, under its title: it follows a rating of 7 or more, unasked (docs/product.md §Rating rules). */
export const SHARE_PROMPT_WHY = 'You rated it 7 or more. Tell a friend who might not know it?';

/**
 * The "Share {title}:" pop-up (docs/product.md §Rating rules, §Sharing): asked for with Share Film, or `prompted`
 * by a rating of 7 or more, when it says why it came.
 */
export function ShareDialog({ film, onClose, prompted = false }: { film: Film | null; onClose: () => void; prompted?: boolean }) {
  return (
    <Dialog open={film !== null} title={film ? shareHeading(film.title) : ''} isolate={film?.title} onClose={onClose}>
      {prompted && <p className="dialog-intro">{SHARE_PROMPT_WHY}</p>}
      {film && <ShareOptions film={film} />}
      <div className="actions">
        <button type="button" className="act quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
