import type { WhereToWatch } from '@filmlist/shared/api/films';
import { ExternalLink } from '../../../components/ExternalLink';
import { JustWatchCredit } from '../../../components/JustWatchCredit';
import { appConfig } from '../../../lib/app-config';
import { OFFER_KIND_LABEL, offersPageOf } from '../../../lib/watch-offers';

interface ReviewerWatchProps {
  tmdbId: number | null;
  /** the entry's offers in the region; null when none are known or they could not be read */
  offers: WhereToWatch | null;
  /** the offers were read and there are none (rather than not read) */
  noneKnown?: boolean;
  /** makes the page of the offers the form's watch link */
  onUse?: (link: string) => void;
}

/**
 * For reviewers (docs/product.md §Film database): where the linked film can be watched in the region,
 * read from the film database for the linked entry, so a legitimate watch link is one click away.
 * Without offers (the database off or not answering), its page of offers is still linked.
 */
export function ReviewerWatch({ tmdbId, offers, noneKnown = false, onUse }: ReviewerWatchProps) {
  if (tmdbId === null) return null;
  const region = offers?.region_name ?? appConfig.watchRegionName;
  const page = offers?.link ?? offersPageOf(tmdbId);
  return (
    <div className="reviewer-watch">
      <p className="reviewer-watch-head">
        <strong>Where to watch in {region}</strong> <ExternalLink href={page}>See the offers and their links</ExternalLink>
      </p>
      {offers && offers.offers.length > 0 ? (
        <ul className="offer-list compact">
          {offers.offers.map((offer) => (
            <li key={offer.provider} className="offer">
              <span className="offer-provider">{offer.provider}</span>
              <span className="offer-kinds">{offer.kinds.map((kind) => OFFER_KIND_LABEL[kind]).join(' · ')}</span>
            </li>
          ))}
        </ul>
      ) : (
        noneKnown && <p className="field-hint">No offers known in {region} right now.</p>
      )}
      {onUse && (
        <button type="button" className="secondary small" onClick={() => onUse(page)}>
          Use the offers page as the watch link
        </button>
      )}
      <p className="field-hint credit">
        <JustWatchCredit />
      </p>
    </div>
  );
}
