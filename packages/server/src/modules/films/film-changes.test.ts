import { describe, expect, it } from 'vitest';
import { decodeFilmChanges, encodeFilmChanges, MAX_FILMS_NAMED } from './film-changes.js';

describe('a change notice names the films it is about', () => {
  it('carries the ids, and nothing for any film or for too many to name', () => {
    expect(encodeFilmChanges(new Set([3, 17, 2_000_000_000]))).toBe('3,17,2000000000');
    expect(decodeFilmChanges('3,17,2000000000')).toEqual([3, 17, 2_000_000_000]);
    expect(encodeFilmChanges('all')).toBe('');
    expect(encodeFilmChanges(new Set())).toBe('');
    const many = new Set(Array.from({ length: MAX_FILMS_NAMED + 1 }, (_, i) => i + 1));
    expect(encodeFilmChanges(many)).toBe('');
    const most = new Set(Array.from({ length: MAX_FILMS_NAMED }, (_, i) => 2_147_483_647 - i));
    expect(Buffer.byteLength(encodeFilmChanges(most))).toBeLessThan(8000);
    expect(decodeFilmChanges(encodeFilmChanges(most))).toEqual([...most]);
  });

  it('reads anything that is not a list of ids as "any film"', () => {
    for (const payload of ['', ' ', '1,', ',1', '1,,2', '01', '0', '-1', '1.5', 'x', '2147483648', '99999999999', '1;DROP', '1,2 ']) {
      expect(decodeFilmChanges(payload), payload).toBeUndefined();
    }
  });
});
