import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { FilmDatabaseEntry, LookupCandidate } from '@filmlist/shared/api/lookup';
import { DESCRIPTION_MAX, TITLE_MAX } from '@filmlist/shared/constants';
import type { FilmField, FilmFields as FilmValues } from '@filmlist/shared/film-rules';
import { titleCaseInPlace } from '../../../lib/title-case-input';
import { useFilmExists } from '../api/check-film';
import { useDebounced } from '../../../lib/use-debounced';
import type { FilmLink } from '../hooks/use-film-link';
import { LOOKUP_DEBOUNCE_MS } from '../hooks/use-title-lookup';
import { problemAt, type FormField, type FormProblems } from '../utils/film-form';
import { CharacterCount, describedBy, FieldError, fieldId, hintId, showsCount } from './FieldParts';
import { DuplicateNotice, LinkedEntry, listedByTitle, OverviewOffer } from './FilmLinkFields';
import { TitleLookup } from './TitleLookup';

export { CharacterCount, describedBy, FieldError, fieldId, showsCount } from './FieldParts';

/** A message about the whole form (a failed call, a duplicate film), announced. */
export function FormError({ problems }: { problems: FormProblems }) {
  const problem = problemAt(problems, null);
  if (!problem) return null;
  return (
    <p className="error form-message" role="alert">
      {problem.message}
    </p>
  );
}

interface LabelledInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  prefix: string;
  field: FormField;
  label: ReactNode;
  problems: FormProblems;
  onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** said below the input, and tied to it */
  hint?: ReactNode;
  /** the field's limit, counted below it near the limit */
  max?: number;
}

/** A labelled input of a film form, tied to its message. */
export function LabelledInput({ prefix, field, label, problems, onChange, hint, max, ...input }: LabelledInputProps) {
  const value = typeof input.value === 'string' ? input.value : '';
  const count = max !== undefined && showsCount(value, max);
  return (
    <>
      <label htmlFor={fieldId(prefix, field)}>{label}</label>
      <input
        id={fieldId(prefix, field)}
        autoComplete="off"
        {...input}
        onChange={(event) => onChange(event.target.value, event)}
        {...describedBy(prefix, field, problems, { hint: hint !== undefined, count })}
      />
      {hint !== undefined && (
        <p id={hintId(prefix, field)} className="field-hint">
          {hint}
        </p>
      )}
      {count && max !== undefined && <CharacterCount prefix={prefix} field={field} value={value} max={max} />}
      <FieldError prefix={prefix} field={field} problems={problems} />
    </>
  );
}

interface WatchLinkFieldProps {
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  problems: FormProblems;
  /** what the field is for, after "optional" */
  purpose?: string;
  name?: string;
}

/** The optional watch link a reviewer adds with a film. */
export function WatchLinkField({ prefix, value, onChange, problems, purpose, name }: WatchLinkFieldProps) {
  const label = (
    <>
      Watch Link <span className="optional">({purpose ? `optional, ${purpose}` : 'optional'})</span>
    </>
  );
  return (
    <LabelledInput
      prefix={prefix}
      field="watchLink"
      label={label}
      problems={problems}
      name={name}
      type="url"
      inputMode="url"
      placeholder="https://"
      value={value}
      onChange={onChange}
    />
  );
}

/** The film database's part in a form (docs/product.md §Film database). */
export interface FilmLookup {
  /** the film database is on: the title field looks films up as it is typed */
  enabled: boolean;
  link: FilmLink;
  /**
   * What the form started with: the film being edited (its own entry and its own title and year are
   * no duplicate), or the submission the reviewer form was opened with (checked when it is added).
   */
  own?: { film_id?: number; title: string; release_year: string };
  /** whether the film database's synopsis may be offered for the logline (the member's form) */
  offerOverview?: boolean;
  /** the linked entry as the film database has it (the reviewers' forms, GET /api/films/entry) */
  entry?: FilmDatabaseEntry | undefined;
}

interface FilmFieldsProps {
  prefix: string;
  values: FilmValues;
  onChange: (field: FilmField, value: string) => void;
  problems: FormProblems;
  descriptionLabel: 'Logline' | 'Description';
  /** the type-ahead, the link and the duplicate check while typing; absent: the plain fields */
  lookup?: FilmLookup;
}

const sameTitle = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The title-and-year duplicate check while typing (docs/product.md §Add-film rules), once both are
 * there and have settled; the film being edited is not its own duplicate.
 */
function useListedWhileTyping(values: FilmValues, lookup: FilmLookup | undefined): boolean {
  const title = useDebounced(values.title.trim(), LOOKUP_DEBOUNCE_MS);
  const year = useDebounced(values.release_year.trim(), LOOKUP_DEBOUNCE_MS);
  const own = lookup?.own;
  const isOwn = own !== undefined && sameTitle(own.title, title) && own.release_year === year;
  const asking = lookup !== undefined && title !== '' && /^\d{4}$/.test(year) && !isOwn;
  const exists = useFilmExists(title, year, asking);
  return asking && exists.data === true && sameTitle(values.title, title) && values.release_year.trim() === year;
}

/** Title, Year of Release and the logline: the fields both add-film forms share. */
export function FilmFields({ prefix, values, onChange, problems, descriptionLabel, lookup }: FilmFieldsProps) {
  const loglineCounted = showsCount(values.description, DESCRIPTION_MAX);
  const listedByTyping = useListedWhileTyping(values, lookup);
  const link = lookup?.link;

  const choose = (candidate: LookupCandidate) => {
    if (!lookup || !link) return;
    const ownEntry = lookup.own?.film_id !== undefined && candidate.listed?.film_id === lookup.own.film_id;
    if (candidate.listed && !ownEntry) return link.found({ kind: 'listed', film: candidate.listed });
    if (candidate.pending) return link.found({ kind: 'pending', title: candidate.title });
    // The canonical title exactly as the film database has it: no capitalisation (§Film database).
    onChange('title', candidate.title);
    if (candidate.release_year !== null) onChange('release_year', String(candidate.release_year));
    link.choose(candidate);
  };
  const duplicate = link?.duplicate ?? (listedByTyping ? listedByTitle(values.title, values.release_year) : null);

  return (
    <>
      {lookup && link ? (
        <TitleLookup
          prefix={prefix}
          title={values.title}
          year={values.release_year}
          problems={problems}
          enabled={lookup.enabled}
          onType={(_value, event) => {
            link.typedOver();
            onChange('title', titleCaseInPlace(event.target));
          }}
          onChoose={choose}
        />
      ) : (
        <LabelledInput
          prefix={prefix}
          field="title"
          label="Film Title"
          problems={problems}
          name="title"
          type="text"
          aria-required="true"
          value={values.title}
          max={TITLE_MAX}
          onChange={(_value, event) => onChange('title', titleCaseInPlace(event.target))}
        />
      )}
      {link && link.tmdbId !== null && (
        <LinkedEntry tmdbId={link.tmdbId} chosen={link.chosen} entry={lookup?.entry} form={values} onUnlink={link.unlink} />
      )}
      {duplicate && <DuplicateNotice duplicate={duplicate} formMessage={problemAt(problems, null)?.message} />}
      <LabelledInput
        prefix={prefix}
        field="release_year"
        label="Year of Release"
        problems={problems}
        name="release_year"
        type="text"
        aria-required="true"
        inputMode="numeric"
        className="year-input"
        value={values.release_year}
        onChange={(value) => onChange('release_year', value)}
      />
      <label htmlFor={fieldId(prefix, 'description')}>{descriptionLabel}</label>
      <textarea
        id={fieldId(prefix, 'description')}
        name="description"
        aria-required="true"
        rows={4}
        value={values.description}
        onChange={(event) => onChange('description', event.target.value)}
        {...describedBy(prefix, 'description', problems, { count: loglineCounted })}
      />
      {loglineCounted && <CharacterCount prefix={prefix} field="description" value={values.description} max={DESCRIPTION_MAX} />}
      <FieldError prefix={prefix} field="description" problems={problems} label={descriptionLabel} />
      {lookup?.offerOverview && link?.chosen?.overview && values.description.trim() === '' && (
        <OverviewOffer overview={link.chosen.overview} onUse={(text) => onChange('description', text)} />
      )}
    </>
  );
}

/** The required "double-checked" box (§Add-film rules). */
export function ConfirmBox({
  prefix,
  checked,
  onChange,
  problems,
}: {
  prefix: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  problems: FormProblems;
}) {
  return (
    <>
      <label className="inline confirm-box" htmlFor={fieldId(prefix, 'confirm')}>
        <input
          id={fieldId(prefix, 'confirm')}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...describedBy(prefix, 'confirm', problems)}
        />
        I have double-checked the film details
      </label>
      <FieldError prefix={prefix} field="confirm" problems={problems} />
    </>
  );
}
