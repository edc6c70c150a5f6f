import { useId } from 'react';
import type { Recommendation } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';

/**
 * Who recommended the film and why (docs/product.md §Recommendation note): the member's note, with
 * their username, or "a member" when they chose not to be named or have left.
 */
export function RecommendationNote({ recommendation }: { recommendation: NonNullable<Recommendation> }) {
  const headingId = `${useId()}-note`;
  return (
    <section className="film-note" aria-labelledby={headingId}>
      <h2 id={headingId}>Why it&rsquo;s undervalued</h2>
      <figure>
        <blockquote>
          <p dir="auto">{recommendation.note}</p>
        </blockquote>
        <figcaption>
          Recommended by {recommendation.by === null ? messages.recommendedByMember : <bdi className="person">{recommendation.by}</bdi>}
        </figcaption>
      </figure>
    </section>
  );
}
