import { describe, expect, it } from 'vitest';
import { DecodeError, filmListDecoder, loginAnswerDecoder, myVotesDecoder } from './decoders';

const film = {
  film_id: 1,
  title: 'Moon',
  release_year: 2009,
  description: 'x',
  watch_link: null,
  slug: 'moon-2009',
  score: 12.5,
  n: 3,
  h: 1,
  r: 2,
  s: 15,
};

describe('decoders', () => {
  it('accept the contract and drop unknown fields', () => {
    expect(filmListDecoder.parse({ films: [{ ...film, extra: true }] })).toEqual({ films: [film] });
    expect(myVotesDecoder.parse({ mentions: { '1': true }, ratings: { '1': 8 } })).toEqual({
      mentions: { '1': true },
      ratings: { '1': 8 },
    });
    const user = { user_id: 1, username: 'ann', verified: true, email: 'ann@example.com', isReviewer: false };
    expect(loginAnswerDecoder.parse({ accessToken: 'a', accessTokenExpiration: 1, refreshToken: 'r', user, password_hash: 'x' })).toEqual({
      accessToken: 'a',
      accessTokenExpiration: 1,
      refreshToken: 'r',
      user,
    });
  });

  it('refuse a wrong shape, naming where', () => {
    expect(() => filmListDecoder.parse({ films: [{ ...film, score: 'high' }] })).toThrow(
      new DecodeError('films[0].score: expected a number'),
    );
    expect(() => filmListDecoder.parse({ films: [{ ...film, score: Number.NaN }] })).toThrow(DecodeError);
    expect(() => filmListDecoder.parse(null)).toThrow(DecodeError);
    expect(() => filmListDecoder.parse({ films: [film, { ...film, watch_link: 7 }] })).toThrow(
      new DecodeError('films[1].watch_link: expected a string'),
    );
    expect(() => filmListDecoder.parse({ films: [film, 'Moon'] })).toThrow(new DecodeError('films[1]: expected an object'));
    expect(filmListDecoder.parse({ films: [{ ...film, watch_link: 'https://watch.example/moon' }] }).films[0]?.watch_link).toBe(
      'https://watch.example/moon',
    );
    expect(() => myVotesDecoder.parse({ mentions: { '1': 'yes' }, ratings: {} })).toThrow('mentions.1: expected a boolean');
  });
});
