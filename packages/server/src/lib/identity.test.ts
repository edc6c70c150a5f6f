import { describe, expect, it } from 'vitest';
import { foldName, skeletonOf, titleKeys } from './identity.js';

describe('foldName', () => {
  it('folds case, compatibility forms, "ı", "ſ", the Kelvin sign and "ß" one way, and keeps "İ" apart', () => {
    for (const spelling of ['KIRSI', 'k\u0131rs\u0131', '\u212Airsi', 'kir\u017Fi', '\uFF4B\uFF49\uFF52\uFF53\uFF49'])
      expect(foldName(spelling)).toBe('kirsi');
    expect(foldName('Stra\u00DFe')).toBe(foldName('STRASSE'));
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
  ])('takes %j and %j for one name', (lookalike, name) => {
    expect(skeletonOf(lookalike)).toBe(skeletonOf(name));
  });

  it('keeps names apart that only share letters', () => {
    for (const [a, b] of [
      ['alice', 'alina'],
      ['Ali', 'All'],
      ['दिल', 'दाल'],
    ] as const) {
      expect(skeletonOf(a), `${a} ${b}`).not.toBe(skeletonOf(b));
    }
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
