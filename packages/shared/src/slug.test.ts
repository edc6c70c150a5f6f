import { describe, expect, it } from 'vitest';
import { filmSlug, parseFilmParam, titleCase } from './slug.js';

describe('filmSlug', () => {
  it('builds the film address parameter: lowercase title, dashes for whitespace runs, then the year', () => {
    expect(filmSlug('Spider-Man', 2002)).toBe('spider-man-2002');
    expect(filmSlug('The Quiet Earth', 1985)).toBe('the-quiet-earth-1985');
    expect(filmSlug('  The   Quiet \t Earth ', 1985)).toBe('the-quiet-earth-1985');
  });
});

describe('titleCase', () => {
  it('capitalises the first letter of each word and leaves the rest', () => {
    expect(titleCase('the quiet earth')).toBe('The Quiet Earth');
    expect(titleCase('spider-man  2')).toBe('Spider-man  2');
    expect(titleCase('ALIEN')).toBe('ALIEN');
    expect(titleCase('')).toBe('');
  });
});

describe('parseFilmParam', () => {
  it('reads the year from the last 5 characters and the title from the rest', () => {
    expect(parseFilmParam('the-quiet-earth-1985')).toEqual({ title: 'The Quiet Earth', year: '1985' });
    expect(parseFilmParam('spider-man-2002')).toEqual({ title: 'Spider Man', year: '2002' });
  });

  it('round-trips a slug into a title that finds the film again', () => {
    const param = filmSlug('Night of the Comet', 1984);
    const { title, year } = parseFilmParam(param);
    expect(filmSlug(title, Number(year))).toBe(param);
  });

  it('copes with parameters too short to hold a year', () => {
    expect(parseFilmParam('1985')).toEqual({ title: '', year: '1985' });
    expect(parseFilmParam('')).toEqual({ title: '', year: '' });
  });
});
