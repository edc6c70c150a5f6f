import { DESCRIPTION_MAX, TITLE_MAX, YEAR_MIN, yearMax } from './constants.js';
import { messages } from './messages.js';

/** http, https or ftp links (SPEC §5). */
const WEB_LINK = /\b(?:https?|ftp):\/\//i;
/** The Unicode blocks of combining diacritical marks. */
const COMBINING_DIACRITICS: ReadonlyArray<readonly [number, number]> = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

export const containsWebLink = (text: string): boolean => WEB_LINK.test(text);
/** Accent marks, found as combining diacritics after canonical decomposition ("é" is "e" plus U+0301). */
export function containsAccents(text: string): boolean {
  for (const char of text.normalize('NFD')) {
    const code = char.codePointAt(0) ?? 0;
    if (COMBINING_DIACRITICS.some(([low, high]) => code >= low && code <= high)) return true;
  }
  return false;
}

export interface FilmFields {
  title: string;
  release_year: string;
  description: string;
}

export type FilmField = keyof FilmFields;

export interface RuleFailure {
  field: FilmField;
  message: string;
}

/**
 * The add-film rules of SPEC §5 (both forms), applied in one order by the
 * browser and the server so the same input always gets the same message.
 * Links are checked before the year's digits so that every message can occur.
 * The confirmation checkbox is the form's concern and is not checked here.
 */
export function checkFilmFields(input: FilmFields, now: Date = new Date()): RuleFailure | null {
  const title = input.title.trim();
  const year = input.release_year.trim();
  const description = input.description.trim();

  if (!title || !year || !description) {
    const field: FilmField = !title ? 'title' : !year ? 'release_year' : 'description';
    return { field, message: messages.fillAllFields };
  }
  if (containsWebLink(title)) return { field: 'title', message: messages.titleIsLink };
  if (containsWebLink(year)) return { field: 'release_year', message: messages.yearIsLink };
  if (containsWebLink(description)) return { field: 'description', message: messages.descriptionHasLink };
  if (!/^\d+$/.test(year)) return { field: 'release_year', message: messages.yearNotNumber };
  if (containsAccents(title)) return { field: 'title', message: messages.titleHasAccents };
  if (containsAccents(description)) return { field: 'description', message: messages.descriptionHasAccents };
  if (title.length > TITLE_MAX) return { field: 'title', message: messages.titleTooLong };
  if (description.length > DESCRIPTION_MAX) return { field: 'description', message: messages.descriptionTooLong };
  const yearNumber = Number(year);
  if (yearNumber < YEAR_MIN || yearNumber > yearMax(now)) {
    return { field: 'release_year', message: messages.yearOutOfRange };
  }
  return null;
}

/** Whitespace runs collapse to one space, so "Alien  " and "Alien" are one film. */
export function normalizeTitle(title: string): string {
  return title.trim().replace(/\s+/g, ' ');
}

/** A watch link must be an absolute http(s) URL. */
export function isWatchLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
