import { z } from 'zod';

import { isPosterWidth, POSTER_DEFAULT_WIDTH, POSTER_WIDTHS } from '../poster-address.js';

// The sizes and posterAt live without zod in poster-address.ts, so the web app builds poster addresses without the schema library
// (decision 005).
export { isPosterWidth, POSTER_DEFAULT_WIDTH, POSTER_WIDTHS, posterAt, posterHeight, type PosterWidth } from '../poster-address.js';

/** A poster's address on our own origin, for the film database's poster or a generated one. */
export const posterUrl = z
  .string()
  .describe(
    `the poster on our own origin, at ${POSTER_DEFAULT_WIDTH} px wide; posterAt(url, width) for ${POSTER_WIDTHS.join(', ')}. Immutable: a changed poster has a new address`,
  );

/** GET /posters/{file}?w=: the width to draw, one of POSTER_WIDTHS. */
export const posterQuery = z.object({
  w: z
    .union([z.number(), z.string()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return POSTER_DEFAULT_WIDTH;
      const width = Number(v);
      if (isPosterWidth(width)) return width;
      ctx.addIssue({ code: 'custom', message: `The width must be one of ${POSTER_WIDTHS.join(', ')}.` });
      return z.NEVER;
    })
    .describe(`the width in pixels: ${POSTER_WIDTHS.join(', ')}; absent: ${POSTER_DEFAULT_WIDTH}`),
});
export const posterParams = z.object({ file: z.string().max(100).describe('e.g. t0123456789abcdef01234567.webp or g12-0123456789ab.svg') });
