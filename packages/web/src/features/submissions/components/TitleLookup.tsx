import type { ChangeEvent, KeyboardEvent } from 'react';
import type { LookupCandidate } from '@filmlist/shared/api/lookup';
import { TITLE_MAX } from '@filmlist/shared/constants';
import { messages } from '@filmlist/shared/messages';
import { PosterImage } from '../../../components/PosterImage';
import { useTitleLookup } from '../hooks/use-title-lookup';
import type { FormProblems } from '../utils/film-form';
import { CharacterCount, describedBy, FieldError, fieldId, showsCount } from './FieldParts';

export interface TitleLookupProps {
  prefix: string;
  title: string;
  year: string;
  problems: FormProblems;
  /** the film database is on: ask it as the member types */
  enabled: boolean;
  /** what was typed, capitalised as typed titles are (§Add-film rules) */
  onType: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** a candidate was chosen: the form fills its canonical title and year and links it */
  onChoose: (candidate: LookupCandidate) => void;
}

const optionId = (prefix: string, index: number) => `${prefix}-lookup-option-${index}`;

/** What a candidate is called when the keyboard lands on it: "eXistenZ (1999), directed by David Cronenberg". */
function optionLabel(candidate: LookupCandidate): string {
  const year = candidate.release_year === null ? '' : ` (${candidate.release_year})`;
  const directors = candidate.directors.length > 0 ? `, directed by ${candidate.directors.join(', ')}` : '';
  const state = candidate.listed ? ', already on The Film List' : candidate.pending ? ', awaiting review' : '';
  return `${candidate.title}${year}${directors}${state}`;
}

/**
 * The Film Title field with the film database's type-ahead (docs/product.md §Film database): the
 * ARIA combobox pattern with a list of candidates (a small poster, the year, the director), moved
 * through with the arrow keys, chosen with Enter or a click, closed with Escape. When the film
 * database cannot answer, a short note says so and the field stays an ordinary text field.
 */
export function TitleLookup({ prefix, title, year, problems, enabled, onType, onChoose }: TitleLookupProps) {
  const lookup = useTitleLookup(title, year, enabled);
  const { state, active, expanded } = lookup;
  const listId = `${prefix}-lookup-list`;
  const statusId = `${prefix}-lookup-status`;
  const counted = showsCount(title, TITLE_MAX);
  const described = describedBy(prefix, 'title', problems, { count: counted });

  const choose = (candidate: LookupCandidate) => {
    lookup.close();
    onChoose(candidate);
  };

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      lookup.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      // Enter on a highlighted candidate chooses it rather than sending the form.
      event.preventDefault();
      const candidate = lookup.candidateAt(active);
      if (candidate) choose(candidate);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      lookup.close();
    }
  };

  return (
    <div className="title-lookup">
      <label htmlFor={fieldId(prefix, 'title')}>Film Title</label>
      <div className="lookup-box">
        <input
          id={fieldId(prefix, 'title')}
          name="title"
          type="text"
          aria-required="true"
          autoComplete="off"
          spellCheck={false}
          value={title}
          role={enabled ? 'combobox' : undefined}
          aria-autocomplete={enabled ? 'list' : undefined}
          aria-expanded={enabled ? expanded : undefined}
          aria-controls={enabled ? listId : undefined}
          aria-activedescendant={expanded && active >= 0 ? optionId(prefix, active) : undefined}
          onChange={(event) => {
            lookup.typed();
            onType(event.target.value, event);
          }}
          onKeyDown={enabled ? keyDown : undefined}
          onBlur={() => lookup.close()}
          {...described}
        />
        {enabled && (
          <ul id={listId} role="listbox" aria-label="Films in the film database" className="lookup-list" hidden={!expanded}>
            {state.kind === 'results' &&
              state.candidates.map((candidate, index) => (
                <li
                  key={candidate.tmdb_id}
                  id={optionId(prefix, index)}
                  role="option"
                  aria-selected={index === active}
                  aria-label={optionLabel(candidate)}
                  className={index === active ? 'lookup-option active' : 'lookup-option'}
                  // Keeps the focus in the field, so the click lands before the list closes.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(candidate)}
                >
                  <PosterImage url={candidate.poster_url} widths={[92, 185]} sizes="2.5rem" className="lookup-poster" />
                  <span className="lookup-text">
                    <span className="lookup-title">
                      <bdi>{candidate.title}</bdi>
                      {candidate.release_year !== null && <span className="lookup-year"> ({candidate.release_year})</span>}
                    </span>
                    {candidate.directors.length > 0 && <span className="lookup-directors">{candidate.directors.join(', ')}</span>}
                    {candidate.listed ? (
                      <span className="lookup-badge">On The Film List</span>
                    ) : (
                      candidate.pending && <span className="lookup-badge">Awaiting review</span>
                    )}
                  </span>
                </li>
              ))}
          </ul>
        )}
      </div>
      {counted && <CharacterCount prefix={prefix} field="title" value={title} max={TITLE_MAX} />}
      <FieldError prefix={prefix} field="title" problems={problems} />
      {enabled && (
        <p id={statusId} className="field-hint lookup-status" role="status">
          {state.kind === 'unavailable'
            ? messages.filmDatabaseUnavailable
            : state.kind === 'searching'
              ? 'Searching the film database...'
              : state.kind === 'none'
                ? 'No match in the film database: type the film in yourself.'
                : state.kind === 'results'
                  ? `${state.candidates.length} ${state.candidates.length === 1 ? 'film' : 'films'} found. Use the arrow keys to choose one.`
                  : ''}
        </p>
      )}
    </div>
  );
}
