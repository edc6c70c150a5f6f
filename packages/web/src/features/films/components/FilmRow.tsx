import { memo } from 'react';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { Icon } from '../../../components/Icon';
import { Link } from '../../../lib/router';
import { SaveToggle } from './SaveToggle';
import { filmPath } from '../../../lib/film-paths';
import { Logline } from './Logline';
import { Poster } from './Poster';
import { RateButton } from './RateButton';
import { ShortStanding } from './ShortStanding';
import { WatchFilm } from './WatchFilm';

export type RowAction = 'mention' | 'rate' | 'share';

interface FilmRowProps {
  film: Film;
  /** its place in the whole ranked list, and the list's length */
  rank: number;
  films: number;
  member: boolean;
  userId: number | null;
  /** the member's votes are loaded */
  ready: boolean;
  /** the member's answer: true "heard of it", false "new to me", null not answered */
  heard: boolean | null;
  rating: number | null;
  /** on the member's watchlist; null while it loads (and for a visitor) */
  saved: boolean | null;
  /** the film just voted on, lit up for a moment */
  highlighted: boolean;
  /** among the rows of the first screen: its poster is asked for at once */
  firstScreen: boolean;
  onOpen: (kind: RowAction, film: Film) => void;
  onSave: (film: Film, save: boolean) => void;
}

/**
 * One film, in the list's columns (docs/product.md §List rows); its props are plain values and stable
 * callbacks, so an unchanged row skips rendering. One action leads: Mention until answered; then, for a
 * film the member had heard of, Rate until rated, and for one new to them, Save until saved; the rest are
 * quiet. The poster and the title lead to the film's page.
 */
export const FilmRow = memo(function FilmRow({
  film,
  rank,
  films,
  member,
  userId,
  ready,
  heard,
  rating,
  saved,
  highlighted,
  firstScreen,
  onOpen,
  onSave,
}: FilmRowProps) {
  // After "No, it's new to me" the next step is to keep the film for later, not to rate what was not seen.
  const lead = !ready
    ? null
    : heard === null
      ? 'mention'
      : heard === false && saved === false
        ? 'save'
        : heard && rating === null
          ? 'rate'
          : null;
  const page = filmPath(film, member);
  const state = { film, fromList: true };
  return (
    <tr data-film-id={film.film_id} className={highlighted ? 'just-voted' : undefined}>
      {/* On a phone the year is drawn after the title (styles.css), where its own column is not shown. */}
      <th scope="row" data-rank={rank} data-year={film.release_year}>
        <Link className="title-link" to={page} state={state} data-year={film.release_year}>
          <Poster film={film} eager={firstScreen} />
          <bdi>{film.title}</bdi>
        </Link>
      </th>
      <td className="cell-year">{film.release_year}</td>
      <td className="cell-logline">
        <Logline text={film.description} />
      </td>
      <td className="cell-info">
        <ShortStanding film={film} rank={rank} films={films} />
        <Link className="info-link" to={page} state={state}>
          <Icon name="info" />
          Film Info
        </Link>
      </td>
      {member && (
        <td className={heard === null ? 'cell-heard' : 'cell-heard answered'}>
          {heard === null || !ready ? (
            <button
              type="button"
              className={lead === 'mention' ? 'act lead' : 'act quiet'}
              data-focus-key={`mention-${film.film_id}`}
              disabled={!ready}
              onClick={() => onOpen('mention', film)}
            >
              <span className="act-label">{ready ? 'Mention' : 'Loading...'}</span>
              {ready && <Icon name="eye" />}
            </button>
          ) : (
            <>
              <button type="button" className="act done" data-focus-key={`mention-${film.film_id}`} disabled>
                <span className="act-label">Mentioned</span>
                <Icon name="check" />
              </button>
              <span className="answer">{heard ? messages.heardItYes : messages.heardItNo}</span>
            </>
          )}
        </td>
      )}
      {member && (
        <td className="cell-score">
          <RateButton
            ready={ready}
            rating={rating}
            lead={lead === 'rate'}
            focusKey={`rate-${film.film_id}`}
            onClick={() => onOpen('rate', film)}
          />
        </td>
      )}
      <td className="cell-watch">
        <WatchFilm film={film} memberId={userId} />
        {member && (
          <SaveToggle
            saved={saved}
            lead={lead === 'save'}
            focusKey={`save-${film.film_id}`}
            onToggle={() => onSave(film, saved !== true)}
          />
        )}
      </td>
      <td className="cell-share">
        <button type="button" className="act plain" onClick={() => onOpen('share', film)}>
          <span className="act-label">Share Film</span>
          <Icon name="share" />
        </button>
      </td>
    </tr>
  );
});

/** §Loading the list: Loading... placeholders and disabled buttons until the films and the votes are in. */
export function LoadingRow({ member }: { member: boolean }) {
  const button = (
    <button type="button" className="act quiet" disabled>
      <span className="act-label">Loading...</span>
    </button>
  );
  return (
    <tr className="loading-row">
      <th scope="row">Loading...</th>
      <td className="cell-year">Loading...</td>
      <td className="cell-logline">Loading...</td>
      <td className="cell-info">Loading...</td>
      {member && <td className="cell-heard">{button}</td>}
      {member && <td className="cell-score">{button}</td>}
      <td className="cell-watch">{button}</td>
      <td className="cell-share">{button}</td>
    </tr>
  );
}
