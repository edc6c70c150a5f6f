import type { FilmStanding } from '@filmlist/shared/api/standing';
import { answersCount, messages, rankOnList, ratingsCount } from '@filmlist/shared/messages';
import { Icon } from '../../../components/Icon';
import { RatingsChart } from './RatingsChart';

/**
 * What the community says of a film, first on its page (docs/product.md §Standing):
 * its rank, the two halves of its score in plain words, and the chart of its
 * ratings; "No answers yet" instead of empty bars.
 */
export function StandingPanel({ standing, title, mine }: { standing: FilmStanding; title: string; mine: number | null }) {
  const { N, R, answers, not_heard_share: share, average_rating: average } = standing;
  return (
    <section className="standing-panel" aria-labelledby="standing-heading">
      <h2 id="standing-heading" className="standing-rank">
        {rankOnList(standing.rank, standing.films)}
      </h2>
      {answers === 0 || share === null ? (
        <p className="no-answers">{messages.noAnswersYet}</p>
      ) : (
        <>
          <div className="standing-figures">
            <p className="figure">
              <span className="figure-value">{Math.round(share * 100)}%</span>
              <span className="figure-text">
                {messages.hadNotHeard}
                <span className="figure-detail">{answersCount(N, answers)}</span>
              </span>
            </p>
            <p className="figure">
              <span className="figure-value">
                <Icon name="star" filled />
                {average === null ? '–' : average.toFixed(1)}
              </span>
              <span className="figure-text">
                {messages.averageRating}
                <span className="figure-detail">{average === null ? messages.noRatingsYet : ratingsCount(R)}</span>
              </span>
            </p>
          </div>
          {R > 0 && <RatingsChart bars={standing.ratings_by_value} title={title} mine={mine} />}
        </>
      )}
    </section>
  );
}
