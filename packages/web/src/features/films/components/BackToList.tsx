import type { MouseEvent } from 'react';
import { messages } from '@filmlist/shared/messages';
import { Icon } from '../../../components/Icon';
import { Link } from '../../../lib/router';

/** Whether the list sent the visit here (FilmRow passes { fromList: true } along). */
const cameFromList = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'fromList' in state && state.fromList === true;

/**
 * The way back to the list (docs/product.md §Film page). Come from the list, it goes back in
 * the history, so the list is as it was left: its filter, search and scroll.
 */
export function BackToList({ state, member }: { state: unknown; member: boolean }) {
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!cameFromList(state)) return;
    event.preventDefault();
    window.history.back();
  };
  return (
    <Link className="back-link" to={member ? '/dashboard' : '/'} onClick={back}>
      <Icon name="back" />
      {messages.backToList}
    </Link>
  );
}
