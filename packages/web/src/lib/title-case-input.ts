import { titleCase } from '@filmlist/shared/slug';

/**
 * What an input holds in title case, as titles and the list's search are shown while typed
 * (docs/product.md §Add-film rules, §Search), written back into the input at once with the caret
 * and selection where they were. Without that, the re-rendered value would put the caret at the
 * end, and a letter typed in the middle of the text would land there.
 */
export function titleCaseInPlace(input: HTMLInputElement): string {
  const typed = input.value;
  const next = titleCase(typed);
  if (next !== typed) {
    const { selectionStart, selectionEnd } = input;
    input.value = next;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return next;
}
