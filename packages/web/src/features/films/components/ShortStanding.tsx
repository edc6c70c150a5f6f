import type { Film } from '@filmlist/shared/api/films';
import { messages, notHeardShare, whyHere } from '@filmlist/shared/messages';
import { scoreTerms } from '@filmlist/shared/score';
import { Icon } from '../../../components/Icon';
import { shortStanding } from '../standing';

/**
 * A row's standing in short form (docs/product.md §Standing): "62% hadn't heard of it · ★ 7.4
 * from 31", or "No answers yet"; then why it stands there, from the two terms of its score: "50 answers:
 * few knew it, 9 ratings pull it down" (the answers are the total the share is of, ratings included).
 * Its rank is said to assistive technology here; the rank on screen is drawn before the title (styles.css).
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
                messages.noRatingsYet
              ) : (
                <>
                  <Icon name="star" filled />
                  <span className="visually-hidden">average rating </span>
                  {average}
                  <span className="standing-from">{` from ${ratings}`}</span>
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
