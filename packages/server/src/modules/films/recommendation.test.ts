import { beforeAll, describe, expect, it } from 'vitest';
import { addFilmAnswer, filmBody, submissionAnswer, submissionList } from '@filmlist/shared/api/films';
import { mySubmissionsAnswer, mySubmissionUpdated } from '@filmlist/shared/api/me';
import { standingBody } from '@filmlist/shared/api/standing';
import { messages } from '@filmlist/shared/messages';
import { createMember, createReviewer, MEMBER_PASSWORD, unique, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** docs/product.md §Recommendation note, over real HTTP. */

const t = useTestApp();
let base: string;
let reviewer: TestMember;

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  reviewer = await createReviewer(t.app);
});

async function api(method: string, path: string, who: TestMember | null, body?: unknown) {
  const headers: Record<string, string> = who ? { authorization: `Bearer ${who.accessToken}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  return { status: res.status, body: parsed };
}

const film = (title: string) => ({ title, release_year: '2004', description: 'A film few people have heard of.' });

async function submit(member: TestMember, fields: Record<string, unknown>) {
  const res = await api('POST', '/api/films/reviewfilm', member, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return submissionAnswer.parse(res.body);
}

async function add(fields: Record<string, unknown>) {
  const res = await api('POST', '/api/films/addfilm', reviewer, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return addFilmAnswer.parse(res.body).film;
}

const recommendationOf = async (slug: string) => {
  const res = await api('GET', `/api/films/filmdetails?slug=${slug}`, null);
  return filmBody.parse(res.body).film.recommendation;
};

describe('the "Why is it undervalued?" note', () => {
  it('is kept with the submission, shown to the reviewer and in My Submissions, and copied to the film', async () => {
    const member = await createMember(t.app);
    const title = unique('Noted Film ');
    const note = 'Nobody talks about it,\nbut the last ten minutes are perfect.';
    const { film: submitted } = await submit(member, { ...film(title), note: `  ${note}\r\n`, note_named: false });

    const queue = submissionList.parse((await api('GET', '/api/films/submissions', reviewer)).body);
    expect(queue.submissions.find((s) => s.submission_id === submitted.submission_id)).toMatchObject({ note, note_named: false });
    const mine = mySubmissionsAnswer.parse((await api('GET', '/api/me/submissions', member)).body);
    expect(mine.submissions[0]).toMatchObject({ submission_id: submitted.submission_id, note, note_named: false });

    const added = await add({ ...film(title), userId: member.userId });
    // Not named: "a member".
    expect(await recommendationOf(added.slug)).toEqual({ note, by: null });
    const standing = standingBody.parse((await api('GET', `/api/films/standing?slug=${added.slug}`, null)).body).standing;
    expect(standing.recommendation).toEqual({ note, by: null });

    // The member changes their mind after the film is added, and back.
    const named = await api('PATCH', `/api/me/submissions/${submitted.submission_id}`, member, { note_named: true });
    expect(named.status).toBe(200);
    expect(mySubmissionUpdated.parse(named.body)).toMatchObject({
      message: messages.noteNamedUpdated,
      submission: { submission_id: submitted.submission_id, note, note_named: true, state: 'added' },
    });
    expect(await recommendationOf(added.slug)).toEqual({ note, by: member.username });
    await api('PATCH', `/api/me/submissions/${submitted.submission_id}`, member, { note_named: false });
    expect(await recommendationOf(added.slug)).toEqual({ note, by: null });
  });

  it('may be edited or dropped by the reviewer when adding the film, and edited later', async () => {
    const member = await createMember(t.app);
    const editedTitle = unique('Edited Note ');
    await submit(member, { ...film(editedTitle), note: 'Its so good!!!' });
    const edited = await add({ ...film(editedTitle), userId: member.userId, note: "It's so good." });
    expect(await recommendationOf(edited.slug)).toEqual({ note: "It's so good.", by: member.username });

    const droppedTitle = unique('Dropped Note ');
    await submit(member, { ...film(droppedTitle), note: 'Buy my course' });
    const dropped = await add({ ...film(droppedTitle), userId: member.userId, note: null });
    expect(await recommendationOf(dropped.slug)).toBeNull();

    const later = await api('PUT', `/api/films/${edited.film_id}`, reviewer, { ...film(editedTitle), note: 'A quiet wonder.' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(filmBody.parse(later.body).film.recommendation).toEqual({ note: 'A quiet wonder.', by: member.username });
    const removed = await api('PUT', `/api/films/${edited.film_id}`, reviewer, { ...film(editedTitle), note: '' });
    expect(filmBody.parse(removed.body).film.recommendation).toBeNull();
  });

  it('stays, anonymous, when its writer deletes their account', async () => {
    const member = await createMember(t.app);
    const title = unique('Orphan Note ');
    await submit(member, { ...film(title), note: 'Watch it on a rainy day.' });
    const added = await add({ ...film(title), userId: member.userId });
    expect(await recommendationOf(added.slug)).toEqual({ note: 'Watch it on a rainy day.', by: member.username });
    const deleted = await api('DELETE', '/api/users/delete', member, { currentPassword: MEMBER_PASSWORD });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await recommendationOf(added.slug)).toEqual({ note: 'Watch it on a rainy day.', by: null });
  });

  it.each([
    ['x'.repeat(281), messages.noteTooLong],
    ['See https://spam.example for more', messages.noteHasLink],
    ['Déjà vu', messages.noteHasAccents],
    ['Hidden\u200Btext', messages.noteHasInvisible],
    ['Bell\u0007', messages.noteHasInvisible],
  ])('refuses the note %j with 400 and its message, keeping nothing', async (note, message) => {
    const member = await createMember(t.app);
    const res = await api('POST', '/api/films/reviewfilm', member, { ...film(unique('Bad Note ')), note });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message });
    expect(mySubmissionsAnswer.parse((await api('GET', '/api/me/submissions', member)).body).submissions).toEqual([]);
  });

  it('takes 280 characters, and an empty note is none', async () => {
    const member = await createMember(t.app);
    await submit(member, { ...film(unique('Full Note ')), note: 'y'.repeat(280) });
    await submit(member, { ...film(unique('Empty Note ')), note: '   ' });
    const mine = mySubmissionsAnswer.parse((await api('GET', '/api/me/submissions', member)).body).submissions;
    expect(mine.map((s) => s.note)).toEqual([null, 'y'.repeat(280)]);
    expect(mine.every((s) => s.note_named)).toBe(true);
  });

  it("changes only the member's own submission, and only with a boolean", async () => {
    const owner = await createMember(t.app);
    const other = await createMember(t.app);
    const { film: submitted } = await submit(owner, { ...film(unique('Owned Note ')), note: 'Mine.' });
    const path = `/api/me/submissions/${submitted.submission_id}`;
    expect((await api('PATCH', path, other, { note_named: false })).status).toBe(404);
    expect((await api('PATCH', path, null, { note_named: false })).status).toBe(401);
    const bad = await api('PATCH', path, owner, { note_named: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: messages.noteNamedInvalid });
    expect((await api('PATCH', '/api/me/submissions/999999999', owner, { note_named: true })).status).toBe(404);
    const mine = mySubmissionsAnswer.parse((await api('GET', '/api/me/submissions', owner)).body).submissions;
    expect(mine[0]?.note_named).toBe(true);
  });
});
