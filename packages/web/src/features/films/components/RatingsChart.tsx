import type { FilmStanding } from '@filmlist/shared/api/standing';

type Bars = FilmStanding['ratings_by_value'];

const SLOT = 30;
const BAR = 22;
const TOP = 18;
const HEIGHT = 92;
const BASE = TOP + HEIGHT;

/**
 * A film's ratings, 1 to 10, as an SVG bar chart drawn by the app (docs/product.md §Standing):
 * each bar its count, the member's own rating marked. The drawing is hidden
 * from assistive technology; the table beside it (visually hidden) says the
 * same. Colours come from the page's (styles.css), so it follows dark mode.
 */
export function RatingsChart({ bars, title, mine }: { bars: Bars; title: string; mine: number | null }) {
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <figure className="ratings-chart">
      <svg viewBox={`0 0 ${SLOT * bars.length} ${BASE + 20}`} aria-hidden="true" focusable="false">
        <line className="chart-base" x1="0" x2={SLOT * bars.length} y1={BASE + 0.5} y2={BASE + 0.5} />
        {bars.map((bar, i) => {
          const height = bar.count === 0 ? 0 : Math.max(2, (bar.count / most) * HEIGHT);
          const x = i * SLOT + (SLOT - BAR) / 2;
          const center = i * SLOT + SLOT / 2;
          return (
            <g key={bar.rating} className={bar.rating === mine ? 'chart-slot mine' : 'chart-slot'}>
              <rect className="chart-bar" x={x} y={BASE - height} width={BAR} height={height} rx="2" />
              {bar.count > 0 && (
                <text className="chart-count" x={center} y={BASE - height - 5} textAnchor="middle">
                  {bar.count}
                </text>
              )}
              <text className="chart-rating" x={center} y={BASE + 15} textAnchor="middle">
                {bar.rating}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Ratings from 1 to 10{mine !== null && <span className="chart-key"> · your rating is marked</span>}</figcaption>
      <table className="visually-hidden">
        <caption>{`Ratings of ${title}, from 1 to 10`}</caption>
        <thead>
          <tr>
            <th scope="col">Rating</th>
            <th scope="col">Ratings given</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.rating}>
              <th scope="row">{bar.rating === mine ? `${bar.rating} (your rating)` : bar.rating}</th>
              <td>{bar.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
