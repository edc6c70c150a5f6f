import { messages } from '@filmlist/shared/messages';
import { lazy, Suspense } from 'react';
import type { RankedFilm } from '../../../lib/decoders';
import { Link } from '../../../lib/router';

const ShelfCards = lazy(() => import('./ShelfCards'));

/**
 * docs/product.md §New films: "New on the list: help rank these", the films added lately that few have
 * answered (for a member, only those they have not), each a poster and a title leading to its page, where
 * the question is asked. Its box has its height from the first paint (`films` null while they load), so
 * the rows below never move when it fills; with none to show, the empty shelf says so and asks for a film
 * (a link to /addfilm, in the place the cards would take), and thanks a member who has answered every new film.
 */
export function NewFilmsShelf({
  films,
  member,
  allAnswered,
}: {
  films: readonly RankedFilm[] | null;
  member: boolean;
  allAnswered: boolean;
}) {
  return (
    <section className="new-shelf" aria-labelledby="new-shelf-heading" aria-busy={films === null}>
      <h2 id="new-shelf-heading">{messages.newFilmsHeading}</h2>
      {films !== null && films.length === 0 ? (
        <p className="shelf-none">
          {allAnswered ? (
            messages.newFilmsAllAnswered
          ) : (
            <>
              {messages.newFilmsNone} <Link to="/addfilm">{messages.newFilmsRecommend}</Link>
            </>
          )}
        </p>
      ) : (
        <Suspense fallback={<ul className="shelf-cards" />}>
          {films === null ? <ul className="shelf-cards" /> : <ShelfCards films={films} member={member} />}
        </Suspense>
      )}
    </section>
  );
}
