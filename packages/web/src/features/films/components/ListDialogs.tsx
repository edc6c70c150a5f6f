import type { Film } from '@filmlist/shared/api/films';
import { ratingOf, type Votes } from '../list-logic';
import type { RowAction } from './FilmRow';
import { MentionDialog } from './MentionDialog';
import { RatingDialog } from './RatingDialog';
import { ShareDialog } from './ShareDialog';

export type OpenDialog = { kind: RowAction; film: Film } | null;

interface ListDialogsProps {
  dialog: OpenDialog;
  votes: Votes | null;
  /** the share pop-up a rating of 7 or more opens */
  sharePrompt: Film | null;
  onClose: () => void;
  onCloseSharePrompt: () => void;
  onMention: (film: Film, mentioned: boolean) => void;
  onRate: (film: Film, rating: number) => void;
}

/** The list's pop-ups: the mention question, the stars, and sharing. */
export default function ListDialogs({ dialog, votes, sharePrompt, onClose, onCloseSharePrompt, onMention, onRate }: ListDialogsProps) {
  const sharing = dialog?.kind === 'share';
  return (
    <>
      <MentionDialog film={dialog?.kind === 'mention' ? dialog.film : null} onClose={onClose} onAnswer={onMention} />
      <RatingDialog
        film={dialog?.kind === 'rate' ? dialog.film : null}
        current={dialog && votes ? ratingOf(votes, dialog.film.film_id) : null}
        onClose={onClose}
        onChoose={onRate}
      />
      <ShareDialog film={sharing ? dialog.film : sharePrompt} onClose={sharing ? onClose : onCloseSharePrompt} prompted={!sharing} />
    </>
  );
}
