import type { Film } from '@filmlist/shared/api/films';
import { messages, notHeardShare } from '@filmlist/shared/messages';
import { Icon } from '../../../components/Icon';
import { shortStanding } from '../standing';

/**
 * A row's standing in short form (issue 17): "62% hadn't heard of it · ★ 7.4
 * from 31", or "No answers yet". Its rank is said to assistive technology
 * here; the rank on screen is drawn before the title (styles.css).
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
          <span>{notHeardShare(notHeardPercent)}</span>
          <span className="standing-rating">
            {average === null ? (
              messages.noRatingsYet
            ) : (
              <>
                <Icon name="star" filled />
                <span className="visually-hidden">average rating </span>
                {`${average} from ${ratings}`}
              </>
            )}
          </span>
        </>
      )}
    </span>
  );
}
