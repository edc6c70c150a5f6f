import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { json, mockApi, type Call } from '../../../test/fake-api';
import { recordWatchClick } from './record-watch-click';

const OLD_ID = '0190c2a1-3b4d-8e5f-a123-456789abcdef';
const NEW_ID = '0190c2a2-1111-8222-b333-444455556666';
const idOf = (call: Call) => (typeof call.body === 'object' && call.body !== null && 'user_id' in call.body ? call.body.user_id : null);

afterEach(() => vi.restoreAllMocks());

describe('recordWatchClick for a visitor', () => {
  it('replaces a stored temporary id the server no longer accepts, once, and keeps the new one', async () => {
    window.localStorage.setItem('temporaryUserId', OLD_ID);
    const { calls } = mockApi({
      'GET /api/watch/generatetempid': () => json({ temporaryUserId: NEW_ID }),
      'POST /api/watch/click': (call) =>
        idOf(call) === OLD_ID
          ? json(
              { error: messages.temporaryIdInvalid, code: 'temporary_id_expired', fields: { user_id: messages.temporaryIdInvalid } },
              400,
            )
          : json({ message: serverMessages.watchClickRecorded }, 201),
    });
    await recordWatchClick({ filmId: 3, memberId: null });
    expect(calls.map((c) => `${c.method} ${c.path} ${String(idOf(c))}`)).toEqual([
      `POST /api/watch/click ${OLD_ID}`,
      'GET /api/watch/generatetempid null',
      `POST /api/watch/click ${NEW_ID}`,
    ]);
    expect(window.localStorage.getItem('temporaryUserId')).toBe(NEW_ID);
  });

  it('keeps the stored id when a click is refused for another reason', async () => {
    window.localStorage.setItem('temporaryUserId', OLD_ID);
    const { calls } = mockApi({
      'POST /api/watch/click': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429),
    });
    await expect(recordWatchClick({ filmId: 3, memberId: null })).rejects.toMatchObject({ status: 429 });
    expect(calls.map((c) => c.path)).toEqual(['/api/watch/click']);
    expect(window.localStorage.getItem('temporaryUserId')).toBe(OLD_ID);
  });
});
