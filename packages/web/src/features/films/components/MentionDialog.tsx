import type { Film } from '@filmlist/shared/api/films';
import { SITE_NAME } from '@filmlist/shared/constants';
import { mentionQuestion, messages } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';

/** SPEC §4: "Have you heard of {film} before visiting {site}?", answered once and for all. */
export function MentionDialog({
  film,
  onAnswer,
  onClose,
}: {
  film: Film | null;
  onAnswer: (film: Film, mentioned: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={film !== null} title={film ? mentionQuestion(film.title, SITE_NAME) : ''} onClose={onClose}>
      <p className="warning">{messages.mentionIsFinal}</p>
      {film && (
        <div className="actions">
          <button type="button" onClick={() => onAnswer(film, true)}>
            Yes
          </button>
          <button type="button" onClick={() => onAnswer(film, false)}>
            No
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      )}
    </Dialog>
  );
}
