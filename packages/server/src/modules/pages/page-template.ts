import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfigFilmDatabase } from '@filmlist/shared/api/app-config';
import type { Config } from '../../config.js';
import { escapeHtml, scriptJson } from '../../lib/html.js';

/** What a page says before the web app has been built. */
const UNBUILT =
  '<!doctype html><html lang="en"><head><title>The Film List</title><!--app-head--></head><body><p>The web app has not been built. Run npm run build.</p><!--app-config--></body></html>';

export interface PageTemplate {
  /** the app's page as every path without a page of its own gets it */
  plain: string;
  /** the page with more elements in its head, and another title when given */
  withHead(head: string[], title?: string): string;
}

/**
 * The web app's index.html with the app's configuration (external links,
 * public URL, whether the film database is on) and the feed's autodiscovery link written in, once at start.
 */
export function pageTemplate(webRoot: string, config: Pick<Config, 'publicUrl' | 'links' | 'filmDatabase'>): PageTemplate {
  const indexFile = path.join(webRoot, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : UNBUILT;
  // The film database's credit shows while it is on (docs/product.md §Film database).
  const filmDatabase: AppConfigFilmDatabase = {
    filmDatabase: config.filmDatabase.token !== undefined,
    watchRegionName: config.filmDatabase.watchRegionName,
  };
  const appConfig = { publicUrl: config.publicUrl, links: config.links, ...filmDatabase };
  const withConfig = template.replace(
    '<!--app-config-->',
    () => `<script type="application/json" id="app-config">${scriptJson(appConfig)}</script>`,
  );
  // Every page names the Atom feed, so feed readers find it (autodiscovery).
  const feedLink = `<link rel="alternate" type="application/atom+xml" title="The Film List: new films" href="${escapeHtml(`${config.publicUrl}/feed.xml`)}" />`;
  // Replacer functions: a replacement string would read "$&", "$'" or "$$" in a title as patterns.
  const withHead = (head: string[], title?: string) => {
    const titled =
      title === undefined ? withConfig : withConfig.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    return titled.replace('<!--app-head-->', () => [feedLink, ...head].join('\n    '));
  };
  return { plain: withHead([]), withHead };
}
