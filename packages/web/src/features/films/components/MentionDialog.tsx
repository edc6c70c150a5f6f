import type { Film } from '@filmlist/shared/api/films';
import { SITE_NAME } from '@filmlist/shared/constants';
import { mentionQuestion, messages } from '@filmlist/shared/messages';
import { Dialog } from '../../../components/Dialog';

/**
 * docs/product.md §Final mention: "Have you heard of {film} before visiting {site}?", answered once
 * and for all. Focus starts on Cancel, so a final answer is never one Enter
 * away, and each answer says what it means.
 */
export function MentionDialog({
  film,
  onAnswer,
  onClose,
}: {
  film: Film | null;
  onAnswer: (film: Film, heard: boolean) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={film !== null}
      title={film ? mentionQuestion(film.title, SITE_NAME) : ''}
      isolate={film?.title}
      onClose={onClose}
      initialFocus="[data-cancel]"
    >
      <p className="warning">{messages.mentionIsFinal}</p>
      {film && (
        <div className="actions answer-actions">
          <button type="button" className="act quiet" onClick={() => onAnswer(film, true)}>
            <span className="act-label">{messages.mentionAnswerYes}</span>
          </button>
          <button type="button" className="act quiet" onClick={() => onAnswer(film, false)}>
            <span className="act-label">{messages.mentionAnswerNo}</span>
          </button>
          <button type="button" className="act plain" data-cancel onClick={onClose}>
            <span className="act-label">Cancel</span>
          </button>
        </div>
      )}
    </Dialog>
  );
}
