import { NOTE_MAX } from '@filmlist/shared/constants';
import { containsAccents, containsWebLink } from '@filmlist/shared/film-rules';
import { messages } from '@filmlist/shared/messages';
import { followsTextRule } from '@filmlist/shared/text-rules';

/**
 * docs/product.md §Recommendation note: "Why is it undervalued?" is optional, at most NOTE_MAX
 * characters, under the logline's text rules. The server checks the same; this says it beside the
 * field before sending.
 */
export function checkNote(note: string): { field: 'note'; message: string } | null {
  const text = note.trim();
  if (text === '') return null;
  if (!followsTextRule(text, 'multi-line')) return { field: 'note', message: messages.noteHasInvisible };
  if (text.length > NOTE_MAX) return { field: 'note', message: messages.noteTooLong };
  if (containsWebLink(text)) return { field: 'note', message: messages.noteHasLink };
  if (containsAccents(text)) return { field: 'note', message: messages.noteHasAccents };
  return null;
}
