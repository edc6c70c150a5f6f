import { useEffect, useRef, useState } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { messages, saveForLater, takeOffWatchlist } from '@filmlist/shared/messages';
import { PAGES } from '@filmlist/shared/pages';
import { Icon } from '../../../components/Icon';
import { Isolated } from '../../../components/Isolated';
import { Link } from '../../../lib/router';
import type { Offer } from '../hooks/use-vote-actions';

/**
 * What a vote's notice offers, inside the notice so the member's way on is never blocked
 * (docs/product.md §Watchlist): after a "No" to Heard of Before, to save the film for later; once saved, the way to the
 * watchlist; after rating a saved film, to take it off.
 */
export function VoteOffer({
  offer,
  film,
  onSave,
  onTakenOff,
}: {
  offer: Exclude<Offer, null>;
  film: Film;
  onSave: (film: Film, save: boolean) => void;
  /** the film is off the watchlist: the notice has said all it had to */
  onTakenOff: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const savedLink = useRef<HTMLAnchorElement>(null);
  // Focus follows the member's Save to what replaces it.
  useEffect(() => {
    if (offer === 'saved' && saving) savedLink.current?.focus();
  }, [offer, saving]);

  if (offer === 'saved') {
    return (
      <Link ref={savedLink} className="offer-done" to={PAGES.watchlist}>
        <Icon name="bookmark" filled />
        {messages.savedToWatchlist}
      </Link>
    );
  }
  const [text, act] =
    offer === 'save'
      ? [saveForLater(film.title), () => (setSaving(true), onSave(film, true))]
      : [takeOffWatchlist(film.title), () => (onSave(film, false), onTakenOff())];
  return (
    <button type="button" className="act lead" onClick={act}>
      <span className="act-label">
        <Isolated text={text} title={film.title} />
      </span>
      {offer === 'save' && <Icon name="bookmark" />}
    </button>
  );
}
