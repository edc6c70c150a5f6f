import { useEffect } from 'react';
import { fieldId } from '../components/FieldParts';
import type { FormProblems } from '../utils/film-form';

/**
 * Moves focus to the first field new messages are about (they come in the
 * form's order), so keyboard and screen-reader users land on it.
 */
export function useFocusProblem(prefix: string, problems: FormProblems): void {
  useEffect(() => {
    const field = problems.find((problem) => problem.field !== null)?.field;
    if (field) document.getElementById(fieldId(prefix, field))?.focus();
  }, [prefix, problems]);
}
