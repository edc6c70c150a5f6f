import type { Film } from '@filmlist/shared/api/films';
import { shareHeading } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';
import { ShareOptions } from './ShareOptions';

/** The "Share {title}:" pop-up (docs/product.md §Rating rules). */
export function ShareDialog({ film, onClose }: { film: Film | null; onClose: () => void }) {
  return (
    <Dialog open={film !== null} title={film ? shareHeading(film.title) : ''} isolate={film?.title} onClose={onClose}>
      {film && <ShareOptions film={film} />}
      <div className="actions">
        <button type="button" className="act quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
