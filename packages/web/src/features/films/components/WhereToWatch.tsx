import { useId } from 'react';
import type { WhereToWatch as Offers } from '@filmlist/shared/api/films';
import { ExternalLink } from '../../../components/ExternalLink';
import { JustWatchCredit } from '../../../components/JustWatchCredit';
import { OFFER_KIND_LABEL } from '../../../lib/watch-offers';

/**
 * "Where to watch in Australia" (docs/product.md §Film database): each provider once, with how it
 * offers the film, TMDB's page of the offers, and JustWatch credited for the data. Nothing when
 * nothing is known.
 */
export function WhereToWatch({ offers }: { offers: Offers | null }) {
  const headingId = `${useId()}-watch`;
  if (!offers || (offers.offers.length === 0 && offers.link === null)) return null;
  return (
    <section className="film-section where-to-watch" aria-labelledby={headingId}>
      <h2 id={headingId}>Where to watch in {offers.region_name}</h2>
      {offers.offers.length > 0 ? (
        <ul className="offer-list">
          {offers.offers.map((offer) => (
            <li key={offer.provider} className="offer">
              <span className="offer-provider">{offer.provider}</span>
              <span className="offer-kinds">{offer.kinds.map((kind) => OFFER_KIND_LABEL[kind]).join(' · ')}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="offer-none">No offers known in {offers.region_name} right now.</p>
      )}
      <p className="offer-foot">
        {offers.link && <ExternalLink href={offers.link}>All offers</ExternalLink>}
        <span className="credit">
          <JustWatchCredit />
        </span>
      </p>
    </section>
  );
}
