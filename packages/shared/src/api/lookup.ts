import { z } from 'zod';
import { YEAR_MIN } from '../constants.js';
import { storedText } from '../fields.js';
import { messages } from '../messages.js';
import { idInput } from './common.js';
import { whereToWatch } from './films.js';
import { posterUrl } from './posters.js';

/** The longest lookup query: longer than any film title worth searching. */
export const LOOKUP_QUERY_MAX = 200;

export const lookupMessages = {
  queryRequired: 'Type the title to look it up.',
  queryTooLong: `The title to look up must be at most ${LOOKUP_QUERY_MAX} characters.`,
  yearInvalid: 'The year to look up must be a four-digit year.',
} as const;

/**
 * GET /api/films/lookup?query=…&year=… (docs/product.md §Film database): the film database's films
 * whose title matches, for the add-film forms' type-ahead.
 */
export const lookupQuery = z.object({
  query: storedText('single-line', messages.titleHasInvisible, lookupMessages.queryRequired)
    .trim()
    .min(1, lookupMessages.queryRequired)
    .max(LOOKUP_QUERY_MAX, lookupMessages.queryTooLong)
    .describe('the title as typed so far (1 to 200 characters)'),
  year: z
    .string({ error: lookupMessages.yearInvalid })
    .trim()
    .regex(/^\d{4}$/, lookupMessages.yearInvalid)
    .transform(Number)
    .pipe(z.number().int().min(YEAR_MIN, lookupMessages.yearInvalid).max(9999, lookupMessages.yearInvalid))
    .optional()
    .describe('the year of release, when the member has typed it: narrows the search'),
});
export type LookupQuery = z.input<typeof lookupQuery>;

/** A film already on The Film List, so the form can link to it instead of submitting a duplicate. */
export const listedRef = z.object({ film_id: z.number().int(), slug: z.string(), title: z.string() });
export type ListedRef = z.infer<typeof listedRef>;

/** One candidate of the type-ahead. */
export const lookupCandidate = z.object({
  tmdb_id: z.number().int().describe("the film's entry in the film database: send it as tmdb_id with the submission"),
  title: z.string().describe('the title exactly as the film database has it (its canonical form): fill it in unchanged'),
  release_year: z.number().int().nullable().describe('null when the film database does not know it'),
  poster_url: posterUrl.nullable().describe('a small poster on our own origin (posterAt for other widths); null when it has none'),
  directors: z.array(z.string()).describe('empty when not known (details are read for the first few candidates only)'),
  overview: z.string().nullable().describe("the film database's synopsis, offered as a starting point for the logline; null when none"),
  listed: listedRef.nullable().describe('the film on The Film List with this tmdb_id; null when none (a duplicate, caught while typing)'),
  pending: z.boolean().describe('a pending submission already names this film: submitting it again is refused with 409'),
});
export type LookupCandidate = z.infer<typeof lookupCandidate>;

/**
 * The lookup's answer. `available: false` (with no results) when the film database is off (no
 * token) or cannot answer (down, slow, refusing, malformed): the form goes on by hand. Always 200.
 */
export const lookupAnswer = z.object({
  available: z.boolean().describe('false: the film database is off or unavailable; type the film in by hand'),
  results: z.array(lookupCandidate).describe('most relevant first, at most 8'),
});
export type LookupAnswer = z.infer<typeof lookupAnswer>;

/** GET /api/films/entry?tmdb_id=… (reviewers only): one film database entry, as a reviewer checks a link. */
export const entryQuery = z.object({ tmdb_id: idInput.describe("the film's entry in the film database") });

/**
 * A film database entry as the database has it (docs/product.md §Film database): shown to the reviewer
 * beside the submitted title, so that a wrong link is seen, with its offers in WATCH_REGION.
 */
export const filmDatabaseEntry = z.object({
  tmdb_id: z.number().int(),
  title: z.string().describe('the title exactly as the film database has it'),
  release_year: z.number().int().nullable().describe('null when the film database does not know it'),
  poster_url: posterUrl.nullable().describe('its poster on our own origin (posterAt for other widths); null when it has none'),
  directors: z.array(z.string()),
  adult: z.boolean().describe('the film database marks the entry adult: a link to it is refused with 400'),
  listed: listedRef.nullable().describe('the film on The Film List linked to this entry; null when none'),
  where_to_watch: whereToWatch.nullable().describe('its offers in WATCH_REGION (data by JustWatch); null when none are known'),
});
export type FilmDatabaseEntry = z.infer<typeof filmDatabaseEntry>;

/** `available: false` (entry null) when the film database is off or cannot answer; entry null when it has no such entry. */
export const entryAnswer = z.object({
  available: z.boolean().describe('false: the film database is off or unavailable'),
  entry: filmDatabaseEntry.nullable(),
});
export type EntryAnswer = z.infer<typeof entryAnswer>;
