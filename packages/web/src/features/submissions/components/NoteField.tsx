import { NOTE_MAX } from '@filmlist/shared/constants';
import type { FormProblems } from '../utils/film-form';
import { CharacterCount, describedBy, FieldError, fieldId, hintId, showsCount } from './FieldParts';

interface NoteFieldProps {
  prefix: string;
  value: string;
  onChange: (value: string) => void;
  problems: FormProblems;
  /** the member's form: whether the film page names them with the note; absent on the reviewer's forms */
  named?: { value: boolean; onChange: (named: boolean) => void };
  /** the label's words: the member is asked, the reviewer edits the member's note */
  label?: string;
  hint?: string;
}

/**
 * "Why is it undervalued?" (docs/product.md §Recommendation note): optional, at most 280 characters,
 * its count shown near the limit, its message beside it; on the member's form, the choice of
 * being named with it on the film's page.
 */
export function NoteField({
  prefix,
  value,
  onChange,
  problems,
  named,
  label = 'Why is it undervalued?',
  hint = 'Shown on the film’s page once it is added. Tell people what makes it worth finding.',
}: NoteFieldProps) {
  const counted = showsCount(value, NOTE_MAX);
  return (
    <div className="note-field">
      <label htmlFor={fieldId(prefix, 'note')}>
        {label} <span className="optional">(optional)</span>
      </label>
      <textarea
        id={fieldId(prefix, 'note')}
        name="note"
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(prefix, 'note', problems, { hint: true, count: counted })}
      />
      <p id={hintId(prefix, 'note')} className="field-hint">
        {hint}
      </p>
      {counted && <CharacterCount prefix={prefix} field="note" value={value} max={NOTE_MAX} />}
      <FieldError prefix={prefix} field="note" problems={problems} />
      {named && (
        <label className="inline note-named" htmlFor={`${prefix}-note-named`}>
          <input
            id={`${prefix}-note-named`}
            type="checkbox"
            checked={named.value}
            onChange={(event) => named.onChange(event.target.checked)}
          />
          Show my username with the note
        </label>
      )}
    </div>
  );
}
