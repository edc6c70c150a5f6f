import type { AppConfigFilmDatabase } from '@filmlist/shared/api/app-config';
import { appConfigDecoder } from './decoders';

/**
 * Settings the server writes into the page (external links, the public URL,
 * whether the film database is on), read once. The server is the only source:
 * configuration lives in one place.
 */
export interface AppConfig extends AppConfigFilmDatabase {
  publicUrl: string;
  links: { newsletter: string; books: string; music: string; coffee: string; shop: string; contactEmail: string };
}

const fallback: AppConfig = {
  publicUrl: typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin,
  links: {
    newsletter: 'https://newsletter.thefilmlist.example',
    books: 'https://books.thefilmlist.example',
    music: 'https://music.thefilmlist.example',
    coffee: 'https://coffee.thefilmlist.example',
    shop: 'https://shop.thefilmlist.example',
    contactEmail: 'hello@thefilmlist.example',
  },
  filmDatabase: false,
  watchRegionName: 'Australia',
};

function read(): AppConfig {
  if (typeof document === 'undefined') return fallback;
  const element = document.getElementById('app-config');
  if (!element?.textContent) return fallback;
  try {
    const page = appConfigDecoder.parse(JSON.parse(element.textContent));
    return { ...fallback, ...page, links: { ...fallback.links, ...page.links } };
  } catch {
    return fallback;
  }
}

export const appConfig: AppConfig = read();
