import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldName, skeletonOf, titleKeys, usernameKeys } from './identity.js';

describe('foldName', () => {
  it('folds case, compatibility forms, "ı", "ſ", the Kelvin sign, "ß" and "ẞ" one way, and keeps "İ" apart', () => {
    for (const spelling of ['KIRSI', 'k\u0131rs\u0131', '\u212Airsi', 'kir\u017Fi', '\uFF4B\uFF49\uFF52\uFF53\uFF49'])
      expect(foldName(spelling)).toBe('kirsi');
    expect(foldName('Stra\u00DFe')).toBe(foldName('STRASSE'));
    // The capital sharp s is upper case already: one trip up and down left it "ß".
    for (const spelling of ['STRA\u1E9EE_FAN', 'stra\u00DFe_fan', 'Strasse_Fan']) expect(foldName(spelling)).toBe('strasse_fan');
    expect(usernameKeys('\u1E9E')).toEqual(usernameKeys('ss'));
    expect(titleKeys('Die Stra\u1E9EE')).toEqual(titleKeys('Die Strasse'));
    expect(foldName('K\u0130RSI')).not.toBe('kirsi');
  });
});

describe('skeletonOf', () => {
  it.each([
    ['\u0430\u0440\u0440\u04CF\u0435', 'apple'],
    ['\u0410\u0420\u0420L\u0415', 'apple'],
    ['B0B', 'bob'],
    ['rnallory', 'mallory'],
    ['al\u00ECce', 'alice'],
    ['b\u1ECDb', 'bob'],
    ['\u0274\u1D0F\u1D0F\u0274', 'noon'],
    ['\u1D00pple', 'apple'],
    ['revievver', 'reviewer'],
    ['Fran\u1D0B', 'Frank'],
    // A lookalike of any case of a name: "IRMA" is the account "irma", and "lRMA" reads as "IRMA".
    ['lRMA', 'irma'],
    ['\u0130rma', 'irma'],
    ['\u039C\u0399\u039A\u0395', 'mike'],
    ['REVlEWER', 'reviewer'],
    ['\u03A4\u039F\u039A\u03A5\u039F \u0397\u0399\u039A\u0395', 'tokyo hike'],
    ['ALI', 'All'],
  ])('takes %j and %j for one name', (lookalike, name) => {
    expect(skeletonOf(lookalike)).toBe(skeletonOf(name));
  });

  it('keeps names apart that only share letters', () => {
    for (const [a, b] of [
      ['alice', 'alina'],
      ['Alan', 'Alma'],
      ['दिल', 'दाल'],
    ] as const) {
      expect(skeletonOf(a), `${a} ${b}`).not.toBe(skeletonOf(b));
    }
  });
});

describe('skeletonOf and case', () => {
  it('gives every case of a name one skeleton, as every case of it is one account', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,20}$/), fc.infiniteStream(fc.boolean()), (name, upper) => {
        const mixed = [...name].map((char) => (upper.next().value ? char.toUpperCase() : char.toLowerCase())).join('');
        expect(skeletonOf(mixed)).toBe(skeletonOf(name.toLowerCase()));
        expect(skeletonOf(name.toUpperCase())).toBe(skeletonOf(name.toLowerCase()));
      }),
    );
  });
});

describe('usernameKeys', () => {
  it('reads a name without its punctuation, as a title is read', () => {
    const mallory = usernameKeys('mallory').usernameSkeleton;
    for (const variant of ['mallory.', 'mal_lory', 'mal-lory', 'MAL.LORY'])
      expect(usernameKeys(variant).usernameSkeleton, variant).toBe(mallory);
  });
});

describe('titleKeys', () => {
  it('takes punctuation and space variants, and lookalikes in another script, for one film', () => {
    const darkCity = titleKeys('Dark City');
    for (const variant of [
      'DARK CITY',
      'Dark-City',
      'Dark_City',
      'Dark.City',
      'DarkCity',
      'Dark City!',
      'Dark City\u2019',
      'Dark \u0421\u0456\u0442\u0443',
    ]) {
      const keys = titleKeys(variant);
      expect(keys.titleKey === darkCity.titleKey || keys.titleSkeleton === darkCity.titleSkeleton, variant).toBe(true);
    }
    expect(titleKeys('Mary And \u039C\u03B1\u03C7').titleSkeleton).toBe(titleKeys('Mary And Max').titleSkeleton);
    expect(titleKeys('Aliens').titleKey).not.toBe(titleKeys('Alien').titleKey);
  });
});
