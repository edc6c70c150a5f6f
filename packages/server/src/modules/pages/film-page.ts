import { filmPageUrl } from './addresses.js';
import { escapeHtml } from '../../lib/html.js';
import { CARD_HEIGHT, CARD_WIDTH } from '../cards/card-image.js';
import { cardPath } from '../cards/card-store.js';
import type { FilmRow } from '../films/presenter.js';
import type { PageTemplate } from './page-template.js';

/**
 * A film's page with its share preview (docs/product.md §Sharing): og:* and
 * twitter:* tags, the share card as og:image, and the canonical address, all
 * under PUBLIC_URL.
 */
export function filmPage(template: PageTemplate, publicUrl: string, film: FilmRow): string {
  const url = filmPageUrl(publicUrl, film.slug);
  const title = `${film.title} (${film.releaseYear}) | The Film List`;
  const image = `${publicUrl}${cardPath(film)}`;
  const imageAlt = `${film.title} (${film.releaseYear}) on The Film List`;
  const properties: [string, string][] = [
    ['og:title', title],
    ['og:description', film.description],
    ['og:url', url],
    ['og:type', 'video.movie'],
    ['og:site_name', 'The Film List'],
    ['og:image', image],
    ['og:image:type', 'image/png'],
    ['og:image:width', String(CARD_WIDTH)],
    ['og:image:height', String(CARD_HEIGHT)],
    ['og:image:alt', imageAlt],
  ];
  const names: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', title],
    ['twitter:description', film.description],
    ['twitter:image', image],
    ['twitter:image:alt', imageAlt],
  ];
  const head = [
    ...properties.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
    ...names.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}" />`),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
  ];
  return template.withHead(head, title);
}
