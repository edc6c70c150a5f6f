import { messages } from '@filmlist/shared/messages';
import { ExternalLink } from './ExternalLink';

/** JustWatch's site: its data is credited with a link to it, as it asks (docs/product.md §Film database). */
export const JUSTWATCH_URL = 'https://www.justwatch.com/';

/** messages.justWatchCredit, word for word, with "JustWatch" a link to JustWatch. */
export function JustWatchCredit() {
  const text = messages.justWatchCredit;
  const name = 'JustWatch';
  const at = text.lastIndexOf(name);
  return (
    <>
      {text.slice(0, at)}
      <ExternalLink href={JUSTWATCH_URL}>{name}</ExternalLink>
      {text.slice(at + name.length)}
    </>
  );
}
