import type { Film } from '@filmlist/shared/api/films';
import { messages, notHeardShare, ratingsCount, ratingsShort, whyHere } from '@filmlist/shared/messages';
import { scoreTerms } from '@filmlist/shared/score';
import { Icon } from '../../../components/Icon';
import { shortStanding } from '../standing';

/**
 * A row's standing in short form (docs/product.md §Standing): "62% hadn't heard of it · ★ 7.4/10
 * (31 ratings)", or "No answers yet"; then why it stands there, from the two terms of its score: "50 answers:
 * few knew it, 9 ratings move it down" (the answers are the total the share is of, ratings included).
 * The average is said in words to assistive technology ("average rating 7.4 out of 10, from 31 ratings"),
 * and so is its rank here; the rank on screen is drawn before the title (styles.css).
 */
export function ShortStanding({ film, rank, films }: { film: Film; rank: number; films: number }) {
  const { notHeardPercent, average, ratings } = shortStanding(film);
  return (
    <span className="standing">
      <span className="visually-hidden">{`#${rank} of ${films}. `}</span>
      {notHeardPercent === null ? (
        <span>{messages.noAnswersYet}</span>
      ) : (
        <>
          <span className="standing-line">
            <span>{notHeardShare(notHeardPercent)}</span>
            <span className="standing-rating">
              {average === null ? (
                <span className="standing-average">{messages.noRatingsYet}</span>
              ) : (
                <>
                  <span className="standing-average">
                    <Icon name="star" filled />
                    <span className="visually-hidden">{`${messages.averageRating} ${average} ${ratingsCount(ratings)}`}</span>
                    <span aria-hidden="true">{`${average}/10`}</span>
                  </span>{' '}
                  <span className="standing-count" aria-hidden="true">
                    {ratingsShort(ratings)}
                  </span>
                </>
              )}
            </span>
          </span>
          <span className="standing-why">
            {whyHere(scoreTerms({ notHeard: film.n, heardNotRated: film.h, ratingCount: film.r, ratingSum: film.s }), film.r)}
          </span>
        </>
      )}
    </span>
  );
}
