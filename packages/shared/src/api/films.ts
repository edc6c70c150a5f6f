import { z } from 'zod';
import { NOTE_MAX, REJECT_REASON_MAX, WATCH_LINK_MAX } from '../constants.js';
import { markStored, storedText, textInput } from '../fields.js';
import { normalizeLineBreaks } from '../text-rules.js';
import { checkFilmFields, containsAccents, containsWebLink, isWatchLink } from '../film-rules.js';
import { messages } from '../messages.js';
import { idInput } from './common.js';
import { posterUrl } from './posters.js';

/** A film database (TMDB) id chosen from the lookup; null or absent: none. */
export const tmdbIdInput = idInput.nullish().describe("the film's entry in the film database, from GET /api/films/lookup");

/**
 * A film as the API shows it: its id, title, year, logline and watch link, plus slug and score, and the
 * counts its standing is told from (docs/product.md §Ranking counts, under their letters to keep
 * the ranked list small): N "not heard before" answers, H "heard before"
 * answers by members who have not rated it, R ratings and S their sum.
 */
export const film = z.object({
  film_id: z.number().int(),
  title: z.string(),
  release_year: z.number().int(),
  description: z.string(),
  watch_link: z.string().nullable(),
  slug: z.string(),
  score: z.number(),
  n: z.number().int(),
  h: z.number().int(),
  r: z.number().int(),
  s: z.number().int(),
});
export type Film = z.infer<typeof film>;

/**
 * A film of the ranked list: the list's own fields, and what its row shows beside
 * them (docs/product.md §Film database).
 */
export const listedFilm = film.extend({
  directors: z.array(z.string()).describe("the film's directors from the film database; empty when unknown"),
  poster_url: posterUrl.describe(
    "the film's poster on our own origin: the film database's, or a generated typographic one; every film has one (posterAt for other widths)",
  ),
});
export type ListedFilm = z.infer<typeof listedFilm>;

export const watchOfferKind = z.enum(['subscription', 'free', 'ads', 'rent', 'buy']);
export type WatchOfferKind = z.infer<typeof watchOfferKind>;

/** Where to watch a film in WATCH_REGION: JustWatch's data through TMDB, to be credited to JustWatch. */
export const whereToWatch = z.object({
  region: z.string().describe('the ISO 3166-1 code of WATCH_REGION, e.g. AU'),
  region_name: z.string().describe('its English name, e.g. Australia ("Where to watch in Australia")'),
  link: z.string().nullable().describe("TMDB's page of the offers in the region (data by JustWatch); null when unknown"),
  offers: z
    .array(z.object({ provider: z.string().describe('e.g. Netflix'), kinds: z.array(watchOfferKind) }))
    .describe("by the film database's order of display; empty when it knows of none"),
});
export type WhereToWatch = z.infer<typeof whereToWatch>;

/**
 * What a film's own answers carry beyond its list row
 * (docs/product.md §Film database). A film with no link has tmdb_id null and the rest empty (null or []),
 * except the demo catalogue's facts, which are typed in.
 */
export const filmFacts = z.object({
  tmdb_id: z.number().int().nullable().describe("the film's entry in the film database (TMDB); null when not linked"),
  imdb_id: z.string().nullable().describe('e.g. tt0120907, for a link to IMDb'),
  original_title: z.string().nullable().describe('the title in its original language; null when unknown'),
  runtime: z.number().int().nullable().describe('minutes'),
  cast: z.array(z.string()).describe('the first five of the cast, in billing order'),
  genres: z.array(z.string()),
  countries: z.array(z.string()).describe('the countries of production, by English name'),
  trailer_key: z.string().nullable().describe('a YouTube video id: https://www.youtube.com/watch?v={trailer_key}'),
  where_to_watch: whereToWatch.nullable().describe('null when the film has no link or the film database knows nothing for the region'),
});
export type FilmFacts = z.infer<typeof filmFacts>;

/**
 * Who recommended a film and why: the "Why is it undervalued?" note of the submission it was
 * added from, as the reviewer kept it (docs/product.md §Recommendation note).
 */
export const recommendation = z
  .object({
    note: z.string().describe('at most 280 characters, may hold line breaks (LF)'),
    by: z
      .string()
      .nullable()
      .describe('the recommender\'s username; null when they chose not to be named or deleted their account: show "a member"'),
  })
  .nullable()
  .describe('null when the film has no note');
export type Recommendation = z.infer<typeof recommendation>;

/** A film with everything its page shows. */
export const filmDetail = listedFilm.extend(filmFacts.shape).extend({ recommendation });
export type FilmDetail = z.infer<typeof filmDetail>;

export const filmList = z.object({ films: z.array(listedFilm) });
export const filmBody = z.object({ film: filmDetail });

/**
 * `v`: a version of the ranked list (the ETag of an answer, or the data of a
 * `list` event of GET /api/films/events). The answer is that version or a newer
 * one, and the URL is a cache key of its own, so a page told of a new version
 * fetches it through a shared cache without getting the older copy the cache
 * holds for the plain URL.
 */
export const filmListQuery = z.object({ v: z.string().max(200).optional() });

/**
 * A film as the ranked list shows it, with its rank and the moment it was
 * added: to a member's watchlist (GET /api/me/watchlist), or to The Film List
 * (GET /api/films/new).
 */
export const addedFilm = listedFilm.extend({
  rank: z.number().int().describe('1-based: its position in GET /api/films/allfilms'),
  added_at: z.string().describe('ISO 8601, UTC'),
});
export type AddedFilm = z.infer<typeof addedFilm>;

/** The shelf "New on the list: help rank these" (docs/product.md §New films). */
export const newFilmsAnswer = z.object({
  films: z.array(addedFilm),
  all_answered: z
    .boolean()
    .describe('with a bearer: new films await answers, and the caller has answered them all (the shelf thanks them); otherwise false'),
});
export type NewFilmsAnswer = z.infer<typeof newFilmsAnswer>;

/** Year fields arrive as form text or as numbers. */
const yearText = z.union([z.string(), z.number()], { error: messages.fillAllFields }).transform(String).pipe(textInput());
/** A title, stored: the add-film rules (checkFilmFields) hold it to the one text rule. */
const title = markStored(textInput(messages.fillAllFields), 'single-line');
/** A logline keeps its line breaks, each as LF (text-rules.ts), before the add-film rules read it. */
const logline = markStored(textInput(messages.fillAllFields).overwrite(normalizeLineBreaks), 'multi-line');

const FILM_FIELDS: readonly PropertyKey[] = ['title', 'release_year', 'description'];

/**
 * The add-film rules on a request's title, year and logline. They run whenever those three fields read
 * well, even when another field (the note, the film database id) is refused, so every field's message
 * comes back at once.
 */
function withFilmRules<T extends z.ZodType<{ title: string; release_year: string; description: string }>>(schema: T) {
  return schema.superRefine(
    (value, ctx) => {
      const failure = checkFilmFields(value);
      if (failure) ctx.addIssue({ code: 'custom', message: failure.message, path: [failure.field] });
    },
    {
      // Only an issue on a field of its own (not the body's shape, not a film field) lets the rules run.
      when: (payload) =>
        payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && !FILM_FIELDS.includes(issue.path[0] ?? '')),
    },
  );
}

/**
 * The "Why is it undervalued?" note (docs/product.md §Recommendation note): the text rules of a
 * logline, at most NOTE_MAX characters; empty is no note.
 */
export const noteInput = storedText('multi-line', messages.noteHasInvisible, messages.invalidRequest)
  .trim()
  .max(NOTE_MAX, messages.noteTooLong)
  .refine((v) => !containsWebLink(v), messages.noteHasLink)
  .refine((v) => !containsAccents(v), messages.noteHasAccents)
  .describe('"Why is it undervalued?": at most 280 characters, the text rules of a logline; empty for none');

/** Whether the film page names the recommender (true) or says "a member" (false). */
export const noteNamedInput = z
  .boolean({ error: messages.noteNamedInvalid })
  .describe('true: the film page shows your username with the note; false: "a member"');

export const reviewFilmRequest = withFilmRules(
  z.object({
    title,
    release_year: yearText,
    description: logline,
    tmdb_id: tmdbIdInput,
    note: noteInput.optional(),
    note_named: noteNamedInput.default(true),
  }),
);
export type ReviewFilmRequest = z.input<typeof reviewFilmRequest>;

const watchLink = storedText('single-line', messages.watchLinkInvalid, messages.watchLinkInvalid)
  .trim()
  .max(WATCH_LINK_MAX, messages.watchLinkInvalid)
  .refine((v) => v === '' || isWatchLink(v), messages.watchLinkInvalid)
  .nullish();

/** The submitter's id is optional: a reviewer may add a film that nobody submitted. */
const submitterId = z.union([idInput, z.literal(''), z.null()], { error: messages.invalidRequest }).optional();

export const addFilmRequest = withFilmRules(
  z.object({
    title,
    release_year: yearText,
    description: logline,
    watchLink,
    userId: submitterId,
    /** absent: the submission's own; null: none */
    tmdb_id: tmdbIdInput,
    note: noteInput
      .nullish()
      .describe("the film's recommendation note: absent keeps the submission's, a text replaces it, null or empty drops it"),
  }),
);

export const rejectFilmRequest = z.object({
  title: textInput(messages.fillAllFields).trim().min(1, messages.fillAllFields),
  release_year: yearText.pipe(z.string().regex(/^\s*\d{1,4}\s*$/, messages.yearNotNumber)),
  userId: idInput,
  reason: storedText('multi-line', messages.reasonHasInvisible).trim().max(REJECT_REASON_MAX, messages.rejectReasonTooLong).optional(),
});

export const checkFilmQuery = z.object({
  title: textInput(messages.fillAllFields).max(1000),
  release_year: textInput(messages.fillAllFields).max(20),
});
export const checkFilmAnswer = z.object({ exists: z.boolean() });

/** Either the title and year read back from a film address, or the stored slug (docs/product.md §Film addresses). */
export const filmDetailsQuery = z
  .object({
    title: textInput().max(1000).optional(),
    year: textInput().max(20).optional(),
    slug: textInput().max(1300).optional(),
  })
  .refine((q) => q.slug !== undefined || (q.title !== undefined && q.year !== undefined), {
    message: messages.filmNotFound,
  });

export const submission = z.object({
  submission_id: z.number().int(),
  title: z.string(),
  release_year: z.number().int(),
  description: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type Submission = z.infer<typeof submission>;

/** A submission with the film database entry its member chose, if any, and their note. */
export const submissionDetail = submission.extend({
  tmdb_id: z.number().int().nullable(),
  note: z.string().nullable().describe('"Why is it undervalued?", as the member wrote it; null when none'),
  note_named: z.boolean().describe('whether the member agreed to be named with the note on the film page'),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const submissionAnswer = z.object({ message: z.string(), film: submissionDetail });
export const submissionList = z.object({ submissions: z.array(submissionDetail) });
export const addFilmAnswer = z.object({ message: z.string(), film: listedFilm });
