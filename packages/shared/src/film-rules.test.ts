import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAllFilmFields,
  checkFilmFields,
  containsAccents,
  containsWebLink,
  isWatchLink,
  mixesAlphabets,
  normalizeTitle,
  type FilmFields,
} from './film-rules.js';
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

  it.each(['\u0110ark City', 'Fran\u1D0B', 'Dark C\u0131ty', 'V\u00F8lvens', 'Dar\u0138 City', 'Frank\u093C', 'Ka\u0142 Ho Naa Ho'])(
    'takes the modified Latin letter or foreign mark in %j for an accent',
    (title) => {
      expect(check({ title })).toEqual({ field: 'title', message: messages.titleHasAccents });
    },
  );

  it('takes keycaps for symbols and ß, æ and œ for letters, not accents', () => {
    for (const title of ['1\uFE0F\u20E3 Night', '\u00C6on Flux', 'Die Stra\u00DFe', 'Hors d\u0152uvre'])
      expect(check({ title }), title).toBeNull();
  });

  it('accepts the edges of the year range and lengths', () => {
    expect(check({ release_year: '1870' })).toBeNull();
    expect(check({ release_year: '2027' })).toBeNull();
    expect(check({ title: 'T'.repeat(200), description: 'd'.repeat(1000) })).toBeNull();
  });

  it("reports the first failure in the rules' order", () => {
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

describe('checkAllFilmFields', () => {
  const all = (change: Partial<FilmFields>) => checkAllFilmFields({ ...valid, ...change }, NOW);

  it('finds nothing wrong with a valid film', () => {
    expect(all({})).toEqual([]);
  });

  it("names every failing field at once, each with its own first rule's message, in the fields' order", () => {
    expect(all({ title: '', release_year: '', description: '' })).toEqual([
      { field: 'title', message: messages.fillAllFields },
      { field: 'release_year', message: messages.fillAllFields },
      { field: 'description', message: messages.fillAllFields },
    ]);
    // One blank field no longer hides what is wrong with the others.
    expect(all({ title: '', release_year: '19x5', description: 'Get it at ftp://files.example' })).toEqual([
      { field: 'title', message: messages.fillAllFields },
      { field: 'release_year', message: messages.yearNotNumber },
      { field: 'description', message: messages.descriptionHasLink },
    ]);
    expect(all({ description: 'A café.', title: 'Amélie', release_year: '1869' })).toEqual([
      { field: 'title', message: messages.titleHasAccents },
      { field: 'release_year', message: messages.yearOutOfRange },
      { field: 'description', message: messages.descriptionHasAccents },
    ]);
  });

  it('gives each field only its first failure', () => {
    expect(all({ title: 'https://É.example' })).toEqual([{ field: 'title', message: messages.titleIsLink }]);
    expect(all({ release_year: 'http://1985' })).toEqual([{ field: 'release_year', message: messages.yearIsLink }]);
  });

  it("agrees with checkFilmFields: its first failure is that field's entry, and both pass the same films", () => {
    const text = fc.oneof(
      fc.constantFrom(
        '',
        ' ',
        'Alien',
        'Amélie',
        'http://x.example',
        '1985',
        '19x5',
        '1869',
        'T'.repeat(201),
        'Fr\u0430nk',
        'a\u200bb',
        '...',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(text, text, text, (title, release_year, description) => {
        const film = { title, release_year, description };
        const first = checkFilmFields(film, NOW);
        const every = checkAllFilmFields(film, NOW);
        if (first === null) return every.length === 0;
        return every.some((failure) => failure.field === first.field && failure.message === first.message);
      }),
    );
  });
});

describe('the building blocks', () => {
  it('finds web links of http, https and ftp only', () => {
    expect(containsWebLink('see http://a.example')).toBe(true);
    expect(containsWebLink('FTP://a.example')).toBe(true);
    expect(containsWebLink('mailto:someone@example.com')).toBe(false);
    expect(containsWebLink('www.example.com')).toBe(false);
  });

  it.each([
    'xhttps://evil.example',
    '1https://evil.example',
    '_http://evil.example',
    'Watch:https://evil.example',
    '(https://evil.example)',
    'https\uFF1A//evil.example',
    'https\uFE55//evil.example',
    'https:\uFF0F\uFF0Fevil.example',
    '\uFF48\uFF54\uFF54\uFF50\uFF53\uFF1A\uFF0F\uFF0Fevil.example',
    'ht\u200Btps://evil.example',
    'htt\u200Cps://evil.example',
    'http\u200Ds://evil.example',
    'h\u2060ttps://evil.example',
    'https\uFEFF://evil.example',
    'https:\u00AD//evil.example',
    'ht\u202Etps://evil.example',
    'ht\u{E0041}tps://evil.example',
    'ht\u034Ftps://evil.example',
    'h\u0301ttps://evil.example',
    'ht\ntps://evil.example',
    'https:\n//evil.example',
    'https://\u200Bevil.example',
    'http\u017F://evil.example',
    '\u24D7\u24E3\u24E3\u24DF://evil.example',
    'HtTpS://evil.example',
    'https:\\\\evil.example',
    'https:/evil.example',
    'https:evil.example',
    'ftp:files.example',
    'FTP\uFF1A//files.example',
    'See ftp://files.example and more',
  ])('finds the link in %j', (text) => {
    expect(containsWebLink(text)).toBe(true);
    expect(check({ title: text })).toEqual({ field: 'title', message: messages.titleIsLink });
    expect(check({ description: text })).toEqual({ field: 'description', message: messages.descriptionHasLink });
    expect(check({ release_year: text })).toEqual({ field: 'release_year', message: messages.yearIsLink });
  });

  it.each([
    'Http Adventures',
    'HTTP: The Story of the Web',
    'Http : Spaced Out',
    'The Ftp Files',
    'Https',
    'Chttp',
    'Ftp/Http Wars',
    'www.example.com',
    'mailto:someone@example.com',
    'Spider-Man: No Way Home',
    'Mission: Impossible',
    '2001: A Space Odyssey',
    'Star Wars: Episode IV \u2013 A New Hope',
    'Face/Off',
    'Who Framed Roger Rabbit?',
    '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family',
    'A film about http and ftp',
  ])('accepts %j, which is no link', (title) => {
    expect(containsWebLink(title)).toBe(false);
    expect(check({ title })).toBeNull();
  });

  it.each([
    'Ame\u200Blie\u0301',
    'e\u200D\u0301',
    '\uFF45\u0301',
    'Rock\u00B4n Roll',
    'Diaeresis \u00A8 alone',
    '\u1E9B\u0323',
    'Ca\uFEFFfe\u0301',
  ])('finds the accent in %j after normalising', (text) => {
    expect(containsAccents(text)).toBe(true);
  });

  it('finds links and accents in text with lone surrogates without throwing', () => {
    expect(containsWebLink('\uD800https://evil.example')).toBe(true);
    expect(containsWebLink('\uDC00\uD800')).toBe(false);
    expect(containsAccents('\uD800e\u0301')).toBe(true);
  });

  it('looks at long text in linear time', () => {
    const started = performance.now();
    containsWebLink('http:'.repeat(20_000) + ' ');
    containsWebLink('h\u200B'.repeat(50_000));
    containsAccents('\u200Be'.repeat(50_000));
    expect(performance.now() - started).toBeLessThan(500);
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

  it('refuses watch links that disguise their host: spaces, a user part, an internationalised host', () => {
    for (const bad of [
      'https://evil.example/\u2003\u2003https://netflix.com',
      'https://netflix.com/ watch',
      'https://netflix.com@evil.example/',
      'https://user:pass@watch.example/',
      'https://n\u0435tflix.com/',
      'https://xn--ntflix-4ve.com/',
    ]) {
      expect(isWatchLink(bad), bad).toBe(false);
    }
    expect(isWatchLink('https://www.netflix.com/title/70131314')).toBe(true);
    expect(isWatchLink('https://watch.example/film/am%C3%A9lie')).toBe(true);
  });
});

describe('what an outside attack slipped past the rules', () => {
  it.each(['\u200b', '\u3164', '\ufe0f', '\u{e0020}', '\u034f', '\u115f', '\u2800', '\u202e'])(
    'refuses a title of nothing but %j',
    (title) => {
      expect(check({ title })?.field).toBe('title');
      expect(check({ description: title })?.field).toBe('description');
    },
  );

  it.each(['Frank\u200b', 'Fr\u00adank', 'Frank\ufe0f', 'F\u3164rank', 'Fra\u2060nk'])('refuses the invisible character in %j', (title) => {
    expect(check({ title })).toEqual({ field: 'title', message: messages.titleHasInvisible });
    expect(check({ description: `A film. ${title}` })).toEqual({ field: 'description', message: messages.descriptionHasInvisible });
  });

  it('keeps the joiners inside an emoji sequence', () => {
    expect(check({ title: '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family', description: 'Hearts \u2764\uFE0F all round.' })).toBeNull();
  });

  it('refuses a word that mixes alphabets, not titles in one alphabet', () => {
    expect(check({ title: 'Fr\u0430nk' })).toEqual({ field: 'title', message: messages.titleMixesAlphabets });
    // any two scripts that do not mix, not only Latin, Cyrillic and Greek: a Canadian syllabic or a Georgian letter for a Latin one
    for (const title of ['Dark \u1455ity', '\u10BDound of Metal', 'Qwz\u13DFx', 'Qw\u0585x', 'Ваш\u10D0']) {
      expect(check({ title }), title).toEqual({ field: 'title', message: messages.titleMixesAlphabets });
    }
    // the scripts Japanese, Chinese and Korean titles mix, with each other and with Latin
    for (const title of ['千と千尋の神隠し', 'ドラえもん のび太の恐竜', 'Shall we ダンス?', '올드보이', 'Léon']) {
      expect(mixesAlphabets(title), title).toBe(false);
    }
    expect(check({ title: '\u041C\u043E\u0441\u043A\u0432\u0430 Slezam Ne Verit' })).toBeNull();
    expect(check({ title: '\u0396 (Z)' })).toBeNull();
  });

  it('stores compatibility forms folded, so a fullwidth title is the same film', () => {
    expect(normalizeTitle('\uFF26\uFF32\uFF21\uFF2E\uFF2B')).toBe('FRANK');
    expect(normalizeTitle('  Le   Samoura\u00ef ')).toBe('Le Samoura\u00ef');
    // a ligature is its letters, but a number form is the title's own ("8½", "Alien³"), and a
    // character that folds to a whole phrase stays one character
    expect(normalizeTitle('\uFB01lm')).toBe('film');
    expect(normalizeTitle('8\u00BD')).toBe('8\u00BD');
    expect(normalizeTitle('Alien\u00B3')).toBe('Alien\u00B3');
    expect(normalizeTitle('\uFDFA')).toBe('\uFDFA');
  });

  it('counts the length of a title as it is stored, so a character that folds long cannot stretch it', () => {
    expect(check({ title: 'Long ' + '\uFB03'.repeat(66) })).toEqual({ field: 'title', message: messages.titleTooLong });
    expect(check({ title: '\uFDFA'.repeat(200) })?.message).not.toBe(messages.titleTooLong);
  });

  it.each([
    'ftps://evil.example',
    'ws://evil.example',
    'file:///etc/passwd',
    'https\uA789//evil.example',
    'https\u02F8//evil.example',
    'https\u2236//evil.example',
    'https%3A%2F%2Fevil.example',
    'https:\u2215\u2215evil.example',
  ])('finds the link in %j', (text) => {
    expect(containsWebLink(text)).toBe(true);
  });

  it.each(['\u02CA', '\u0483', '\u{1D167}'])('finds the accent-like mark %j', (mark) => {
    expect(containsAccents(`Mark${mark}ed`)).toBe(true);
  });
});
