import type { WatchOfferKind } from '@filmlist/shared/api/films';

/**
 * How a provider offers a film (docs/product.md §Film database), as a word a viewer knows: the film's
 * page and the reviewers' forms say it the same way.
 */
export const OFFER_KIND_LABEL: Record<WatchOfferKind, string> = {
  subscription: 'Stream',
  free: 'Free',
  ads: 'Free with ads',
  rent: 'Rent',
  buy: 'Buy',
};

/** TMDB's page of a film's offers (its data by JustWatch), for a film database entry not yet on the list. */
export const offersPageOf = (tmdbId: number): string => `https://www.themoviedb.org/movie/${tmdbId}/watch`;
