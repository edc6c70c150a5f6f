import { describe, expect, it } from 'vitest';
import { checkFilmFields, containsAccents, containsWebLink, isWatchLink, normalizeTitle, type FilmFields } from './film-rules.js';
import { messages } from './messages.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const valid: FilmFields = { title: 'The Quiet Earth', release_year: '1985', description: 'Everyone is gone.' };
const check = (change: Partial<FilmFields>) => checkFilmFields({ ...valid, ...change }, NOW);

describe('checkFilmFields', () => {
  it('accepts a valid film', () => {
    expect(checkFilmFields(valid, NOW)).toBeNull();
    expect(check({ title: '  Alien  ', release_year: ' 1979 ' })).toBeNull();
  });

  it.each([
    [{ title: ' ' }, 'title', messages.fillAllFields],
    [{ release_year: '' }, 'release_year', messages.fillAllFields],
    [{ description: '\t\n' }, 'description', messages.fillAllFields],
    [{ title: 'http://films.example' }, 'title', messages.titleIsLink],
    [{ title: 'Watch HTTPS://films.example now' }, 'title', messages.titleIsLink],
    [{ release_year: 'https://1985' }, 'release_year', messages.yearIsLink],
    [{ description: 'ftp://files.example/film' }, 'description', messages.descriptionHasLink],
    [{ release_year: '19a5' }, 'release_year', messages.yearNotNumber],
    [{ release_year: '-1985' }, 'release_year', messages.yearNotNumber],
    [{ release_year: '1985.0' }, 'release_year', messages.yearNotNumber],
    [{ title: 'Amélie' }, 'title', messages.titleHasAccents],
    [{ title: 'Ame\u0301lie' }, 'title', messages.titleHasAccents],
    [{ description: 'A naïve tale.' }, 'description', messages.descriptionHasAccents],
    [{ description: 'A combining mark: o\u0308' }, 'description', messages.descriptionHasAccents],
    [{ title: 'T'.repeat(201) }, 'title', messages.titleTooLong],
    [{ description: 'd'.repeat(1001) }, 'description', messages.descriptionTooLong],
    [{ release_year: '1869' }, 'release_year', messages.yearOutOfRange],
    [{ release_year: '2028' }, 'release_year', messages.yearOutOfRange],
  ])('fails %o on %s with its message', (change, field, message) => {
    expect(check(change)).toEqual({ field, message });
  });

  it('accepts the edges of the year range and lengths', () => {
    expect(check({ release_year: '1870' })).toBeNull();
    expect(check({ release_year: '2027' })).toBeNull();
    expect(check({ title: 'T'.repeat(200), description: 'd'.repeat(1000) })).toBeNull();
  });

  it('reports the first failure in the spec order', () => {
    // Blank wins over everything; the first blank field is named.
    expect(check({ title: '', description: '' })).toEqual({ field: 'title', message: messages.fillAllFields });
    expect(check({ title: 'http://x.example', release_year: '' })?.message).toBe(messages.fillAllFields);
    // Links come before the year's digits, so a link as year is named as a link.
    expect(check({ title: 'http://x.example', release_year: 'http://y' })?.message).toBe(messages.titleIsLink);
    expect(check({ release_year: 'http://y', description: 'ftp://z' })?.message).toBe(messages.yearIsLink);
    expect(check({ release_year: 'abc', description: 'ftp://z' })?.message).toBe(messages.descriptionHasLink);
    // Then the year must be digits, then accents, then lengths, then the range.
    expect(check({ release_year: 'abc', title: 'Amélie' })?.message).toBe(messages.yearNotNumber);
    expect(check({ title: 'Amélie', description: 'Café' })?.message).toBe(messages.titleHasAccents);
    expect(check({ title: 'É'.repeat(201) })?.message).toBe(messages.titleHasAccents);
    expect(check({ title: 'T'.repeat(201), release_year: '1000' })?.message).toBe(messages.titleTooLong);
  });

  it('takes the year limit from the given time', () => {
    expect(checkFilmFields({ ...valid, release_year: '2028' }, new Date('2027-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('the building blocks', () => {
  it('finds web links of http, https and ftp only', () => {
    expect(containsWebLink('see http://a.example')).toBe(true);
    expect(containsWebLink('FTP://a.example')).toBe(true);
    expect(containsWebLink('mailto:someone@example.com')).toBe(false);
    expect(containsWebLink('www.example.com')).toBe(false);
  });

  it('finds accents precomposed or combining, not other letters', () => {
    expect(containsAccents('Amélie')).toBe(true);
    expect(containsAccents('Ame\u0301lie')).toBe(true);
    expect(containsAccents('Ñ')).toBe(true);
    expect(containsAccents('Spider-Man: No Way Home')).toBe(false);
    expect(containsAccents('Крик')).toBe(false);
  });

  it('collapses whitespace in titles', () => {
    expect(normalizeTitle('  The \t Quiet\nEarth  ')).toBe('The Quiet Earth');
  });

  it('accepts only absolute http(s) watch links', () => {
    expect(isWatchLink('https://watch.example/film')).toBe(true);
    expect(isWatchLink('http://watch.example')).toBe(true);
    for (const bad of ['ftp://watch.example', 'javascript:alert(1)', 'watch.example/film', '', 'https://']) {
      expect(isWatchLink(bad)).toBe(false);
    }
  });
});
