import { forXml } from '@filmlist/shared/text-rules';

/** Text safe inside HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** XML text (a feed, a sitemap, a drawn poster): what XML 1.0 cannot hold dropped, then markup escaped as above. */
export const escapeXml = (text: string): string => escapeHtml(forXml(text));

/** JSON inside a <script> element: no "</script>" or "<!--" can end it early. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
