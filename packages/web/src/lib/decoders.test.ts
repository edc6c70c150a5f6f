import { describe, expect, it } from 'vitest';
import { film as filmFactory, standingDetail } from '../test/factories';
import {
  appConfigDecoder,
  DecodeError,
  filmListDecoder,
  firstFilmsDecoder,
  loginAnswerDecoder,
  myExportDecoder,
  myVotesDecoder,
  parseOrNull,
  reviewHistoryDecoder,
  standingDecoder,
  submissionDecoder,
  verificationDecoder,
} from './decoders';

const film = { ...filmFactory(1, 'Moon', 2009), score: 12.5, n: 3, h: 1, r: 2, s: 15 };

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
    expect(() => filmListDecoder.parse({ films: [{ ...film, score: 'high' }] })).toThrow('films[0].score: expected a number');
    expect(() => filmListDecoder.parse({ films: [{ ...film, score: Number.NaN }] })).toThrow(DecodeError);
    expect(() => filmListDecoder.parse(null)).toThrow(DecodeError);
    expect(() => filmListDecoder.parse({ films: [film, { ...film, watch_link: 7 }] })).toThrow('films[1].watch_link: expected a string');
    expect(() => filmListDecoder.parse({ films: [film, 'Moon'] })).toThrow('films[1]: expected an object');
    expect(filmListDecoder.parse({ films: [{ ...film, watch_link: 'https://watch.example/moon' }] }).films[0]?.watch_link).toBe(
      'https://watch.example/moon',
    );
    expect(() => myVotesDecoder.parse({ mentions: { '1': 'yes' }, ratings: {} })).toThrow('mentions.1: expected a boolean');
  });

  it('keep optional fields absent when the answer leaves them out', () => {
    const user = { user_id: 1, username: 'ann', verified: false };
    expect(loginAnswerDecoder.parse({ accessToken: 'a', accessTokenExpiration: 1, refreshToken: 'r', user }).user).toStrictEqual(user);
    expect(verificationDecoder.parse({ success: true, message: 'ok' })).toStrictEqual({ success: true, message: 'ok' });
    expect(verificationDecoder.parse({ success: true, message: 'ok', alreadyVerified: true }).alreadyVerified).toBe(true);
    expect(() => verificationDecoder.parse({ success: true, message: 'ok', alreadyVerified: 'no' })).toThrow(
      'alreadyVerified: expected a boolean',
    );
  });

  it('check the answers of the later pages as strictly', () => {
    const bars = standingDetail('moon-2009', {}, [0, 0, 0, 0, 0, 0, 0, 2, 0, 1]);
    expect(standingDecoder.parse({ standing: bars }).standing).toEqual(bars);
    const broken = { ...bars, ratings_by_value: [{ rating: 1, count: '2' }] };
    expect(() => standingDecoder.parse({ standing: broken })).toThrow('standing.ratings_by_value[0].count: expected a number');
    const submission = {
      submission_id: 4,
      title: 'Moon',
      release_year: 2009,
      description: 'x',
      user_id: null,
      username: null,
      status: 'pending',
      created_at: '2026-11-24T10:00:00Z',
      tmdb_id: 17431,
      note: 'Nobody I know has seen it.',
      note_named: false,
    };
    expect(submissionDecoder.parse(submission)).toEqual(submission);
    expect(() => submissionDecoder.parse({ ...submission, note_named: 'no' })).toThrow('note_named: expected a boolean');
    expect(() => submissionDecoder.parse({ ...submission, status: 'lost' })).toThrow('status: expected pending or approved or rejected');
    const entry = {
      audit_id: 3,
      at: '2026-11-24T10:00:00Z',
      reviewer: 'rita',
      action: 'edit',
      title: 'Moon',
      release_year: 2009,
      film_slug: 'moon-2009',
      reason: null,
      changes: { release_year: { from: 2008, to: 2009 }, watch_link: { from: null, to: 'https://watch.example/moon' } },
    };
    expect(reviewHistoryDecoder.parse({ entries: [entry], next: null })).toEqual({ entries: [entry], next: null });
    const badChange = { ...entry, changes: { title: { from: true, to: 'Moon' } } };
    expect(() => reviewHistoryDecoder.parse({ entries: [badChange], next: 1 })).toThrow(
      'entries[0].changes.title.from: expected a string, a number or null',
    );
    const exported = {
      exported_at: '2026-11-24T10:00:00Z',
      account: { user_id: 1, username: 'ann', email: 'ann@example.com', verified: true, pending_email: null, created_at: 'x' },
      mentions: [{ film: { film_id: 1, title: 'Moon', release_year: 2009, slug: 'moon-2009' }, heard_before: false, answered_at: 'x' }],
      ratings: [],
      submissions: [],
      watch_clicks: [{ film: { film_id: 1, title: 'Moon', release_year: 2009 }, day: '2026-11-24' }],
    };
    expect(() => myExportDecoder.parse(exported)).toThrow('watch_clicks[0].film.slug: expected a string');
  });

  it('refuse first films that claim fewer in all than they are', () => {
    expect(() => firstFilmsDecoder.parse({ films: [film, film], total: 1 })).toThrow(DecodeError);
    expect(firstFilmsDecoder.parse({ films: [film], total: 40 }).total).toBe(40);
  });

  it('give null for anything else through parseOrNull', () => {
    expect(parseOrNull(submissionDecoder, { title: 'Moon' })).toBeNull();
    expect(parseOrNull(myVotesDecoder, { mentions: {}, ratings: { '2': 7 } })).toEqual({ mentions: {}, ratings: { '2': 7 } });
  });
});

describe('appConfigDecoder', () => {
  it("reads the page's settings, keeps what it leaves out absent, and names what is wrong", () => {
    expect(appConfigDecoder.parse({ publicUrl: 'https://x.example', links: { shop: 'https://s.example' } })).toEqual({
      publicUrl: 'https://x.example',
      links: { shop: 'https://s.example' },
    });
    expect(appConfigDecoder.parse({ publicUrl: 'u', links: {}, filmDatabase: true, watchRegionName: 'Australia' })).toMatchObject({
      filmDatabase: true,
      watchRegionName: 'Australia',
    });
    expect(() => appConfigDecoder.parse({ publicUrl: 1, links: {} })).toThrow(/publicUrl/);
    expect(() => appConfigDecoder.parse({ publicUrl: 'u', links: { shop: 2 } })).toThrow(/links\.shop/);
  });
});
