import { describe, expect, it } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import {
  CONTAINING_MAX,
  filmsContaining,
  foldTitle,
  foldedKeys,
  LIST_FILTERS,
  matchesSearch,
  paginate,
  searchText,
  shareTargets,
  shareUrl,
  titleKeys,
  trailerUrl,
  visibleFilms,
  type Votes,
} from './list-logic';
import { film } from '../../test/factories';
import { filmPath } from '../../lib/film-paths';

const films = [
  film(1, 'Moon', 2009),
  film(2, 'Paterson', 2016),
  film(3, 'The Fall', 2006),
  film(4, 'Paris, Texas', 1984),
  film(5, 'Gattaca', 1997),
];
// 1: heard of (yes) and rated; 2: not heard before (no); 3: rated only; 4 and 5: nothing
const votes: Votes = { mentions: { '1': true, '2': false }, ratings: { '1': 8, '3': 5 } };
const titles = (list: Film[]) => list.map((f) => f.title);

describe('search', () => {
  it('shows the typed text in title case', () => {
    expect(searchText('pa')).toBe('Pa');
    expect(searchText('the fall')).toBe('The Fall');
    expect(searchText('  paris texas ')).toBe('  Paris Texas ');
  });

  it('matches titles by prefix, ignoring case', () => {
    expect(matchesSearch('Paterson', 'Pa')).toBe(true);
    expect(matchesSearch('Paterson', 'pAT')).toBe(true);
    expect(matchesSearch('Paterson', 'ater')).toBe(false);
    expect(matchesSearch('Paterson', '')).toBe(true);
    expect(titles(visibleFilms(films, 'Pa', 'all', votes))).toEqual(['Paterson', 'Paris, Texas']);
    expect(titles(visibleFilms(films, 'The ', 'all', votes))).toEqual(['The Fall']);
    expect(visibleFilms(films, 'Zzz', 'all', votes)).toEqual([]);
  });

  it('gives the same films with the lower-cased titles kept from an earlier keystroke', () => {
    const keys = titleKeys(films);
    expect(keys).toEqual(['moon', 'paterson', 'the fall', 'paris, texas', 'gattaca']);
    for (const query of ['', 'pa', 'PAT', '  the f', 'Paris, T', 'x']) {
      for (const filter of LIST_FILTERS) {
        expect(visibleFilms(films, query, filter, votes, keys)).toEqual(
          films.filter((f) => matchesSearch(f.title, query) && visibleFilms([f], '', filter, votes).length === 1),
        );
      }
    }
  });
});

describe('search that forgives (docs/product.md §Search)', () => {
  const listed = [
    film(1, 'In Bruges', 2008),
    film(2, 'The Fall', 2006),
    film(3, 'Hunt for the Wilderpeople', 2016),
    film(4, 'Amélie', 2001),
    film(5, 'Spider-Man: Into the Spider-Verse', 2018),
    film(6, 'A Fall from Grace', 2020),
    film(7, 'Falling Down', 1993),
  ];
  const none = new Set<number>();

  it('ignores the spaces around the typed text, as a phone keyboard adds one after a word', () => {
    expect(titles(visibleFilms(films, 'paterson ', 'all', votes))).toEqual(['Paterson']);
    expect(titles(visibleFilms(films, '  moon  ', 'all', votes))).toEqual(['Moon']);
    expect(matchesSearch('Paterson', 'paterson ')).toBe(true);
  });

  it('folds case, accents, punctuation, spaces and a leading article', () => {
    expect(foldTitle('The Fall')).toBe('fall');
    expect(foldTitle('A Fall from Grace')).toBe('fallfromgrace');
    expect(foldTitle('An Education')).toBe('education');
    expect(foldTitle('Amélie')).toBe('amelie');
    expect(foldTitle('Spider-Man: Into the Spider-Verse')).toBe('spidermanintothespiderverse');
    expect(foldTitle('  Theory of Everything')).toBe('theoryofeverything');
    expect(foldTitle('وجدة')).toBe('وجدة');
    // "&" reads as "and", either way round.
    expect(foldTitle('Mary & Max')).toBe(foldTitle('Mary And Max'));
    expect(foldTitle('Mary&Max')).toBe('maryandmax');
  });

  it('finds "bruges", "fall" and "wilderpeople" anywhere in a title, in the list order', () => {
    expect(titles(filmsContaining(listed, 'bruges', none))).toEqual(['In Bruges']);
    expect(titles(filmsContaining(listed, 'fall', none))).toEqual(['The Fall', 'A Fall from Grace', 'Falling Down']);
    expect(titles(filmsContaining(listed, 'Wilderpeople', none))).toEqual(['Hunt for the Wilderpeople']);
    expect(titles(filmsContaining(listed, 'amelie', none))).toEqual(['Amélie']);
    expect(titles(filmsContaining(listed, 'spiderman', none))).toEqual(['Spider-Man: Into the Spider-Verse']);
    expect(titles(filmsContaining(listed, 'the fall ', none))).toEqual(['The Fall', 'A Fall from Grace', 'Falling Down']);
  });

  it('finds every word of the text, in any order and apart, and a word that is the year', () => {
    expect(titles(filmsContaining(listed, 'into verse', none))).toEqual(['Spider-Man: Into the Spider-Verse']);
    expect(titles(filmsContaining(listed, 'verse spider', none))).toEqual(['Spider-Man: Into the Spider-Verse']);
    expect(titles(filmsContaining(listed, 'the wilderpeople hunt', none))).toEqual(['Hunt for the Wilderpeople']);
    expect(titles(filmsContaining(listed, 'bruges 2008', none))).toEqual(['In Bruges']);
    expect(titles(filmsContaining(listed, 'bruges 2009', none))).toEqual([]);
    expect(titles(filmsContaining(listed, 'fall grace', none))).toEqual(['A Fall from Grace']);
  });

  it('leaves out what the title rule found, finds nothing for text without a letter or digit, and lists at most a few', () => {
    expect(titles(filmsContaining(listed, 'fall', new Set([7])))).toEqual(['The Fall', 'A Fall from Grace']);
    expect(filmsContaining(listed, ' -!', none)).toEqual([]);
    expect(filmsContaining(listed, 'zzz', none)).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => film(100 + i, `Night ${i}`));
    expect(filmsContaining(many, 'night', none)).toHaveLength(CONTAINING_MAX);
  });

  it('gives the same films with the folded titles kept from an earlier keystroke', () => {
    const folded = foldedKeys(listed);
    for (const query of ['fall', 'BRUGES', 'the', 'x', 'spider man']) {
      expect(filmsContaining(listed, query, none, folded)).toEqual(filmsContaining(listed, query, none));
    }
  });
});

describe('filters', () => {
  it('keeps the ranked order and filters by the member votes', () => {
    expect(titles(visibleFilms(films, '', 'all', votes))).toEqual(titles(films));
    expect(titles(visibleFilms(films, '', 'notRated', votes))).toEqual(['Paterson', 'Paris, Texas', 'Gattaca']);
    expect(titles(visibleFilms(films, '', 'notMentioned', votes))).toEqual(['The Fall', 'Paris, Texas', 'Gattaca']);
    expect(titles(visibleFilms(films, '', 'notHeardBefore', votes))).toEqual(['Paterson']);
    expect(titles(visibleFilms(films, 'Pa', 'notRated', votes))).toEqual(['Paterson', 'Paris, Texas']);
  });

  it('has the four filters, then Rated: the films the member rated, whatever the mention', () => {
    expect(LIST_FILTERS).toEqual(['all', 'notRated', 'notMentioned', 'notHeardBefore', 'rated']);
    expect(titles(visibleFilms(films, '', 'rated', votes))).toEqual(['Moon', 'The Fall']);
    expect(titles(visibleFilms(films, 'T', 'rated', votes))).toEqual(['The Fall']);
    expect(visibleFilms(films, '', 'rated', { mentions: {}, ratings: {} })).toEqual([]);
  });

  it('handles 10,000 films quickly', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => film(i + 1, `Film ${i}`));
    const lots: Votes = { mentions: {}, ratings: {} };
    for (let i = 1; i <= 10_000; i += 2) lots.ratings[String(i)] = 5;
    const started = performance.now();
    expect(visibleFilms(many, 'Film 1', 'notRated', lots).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('paginate', () => {
  it('slices pages of 50 and clamps the page number', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(paginate(items, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(paginate(items, 3).items).toEqual(items.slice(100));
    expect(paginate(items, 9).page).toBe(3);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe('film URLs', () => {
  const moon = film(1, 'Moon', 2009);
  it('links to the public or private details route by slug', () => {
    expect(filmPath(moon, false)).toBe('/films/moon-2009');
    expect(filmPath(moon, true)).toBe('/films/private/moon-2009');
  });

  it('shares {site}/films/{slug} by email, Facebook and X', () => {
    expect(shareUrl('https://thefilmlist.example/', moon)).toBe('https://thefilmlist.example/films/moon-2009');
    const targets = shareTargets('https://thefilmlist.example', moon);
    const encoded = encodeURIComponent('https://thefilmlist.example/films/moon-2009');
    expect(targets.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`);
    expect(targets.x.startsWith(`https://x.com/intent/tweet?url=${encoded}&text=`)).toBe(true);
    expect(targets.email.startsWith('mailto:?subject=')).toBe(true);
    expect(decodeURIComponent(targets.email)).toContain('https://thefilmlist.example/films/moon-2009');
  });

  it('searches trailers for "{title} trailer {year}"', () => {
    expect(trailerUrl(moon)).toBe('https://www.youtube.com/results?search_query=Moon%20trailer%202009');
  });
});
