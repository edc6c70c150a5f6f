import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { FIXTURE_FILMS, movieDetails, searchResult, SPECIAL_POSTERS } from './tmdb-fixtures.js';

/**
 * The one fake of TMDB, on loopback, for the server's tests, the browser
 * journeys and the bench: search/movie and movie/{id} from hand-written
 * fixtures (tmdb-fixtures.ts), poster files under /t/p/{size}/, and TMDB's
 * failures on demand. Start it, then point the server at it:
 * TMDB_API_TOKEN=fake.token, TMDB_API_URL=fake.apiUrl, TMDB_IMAGE_URL=fake.imageUrl.
 */

export type FakeFailure =
  /** 401 with TMDB's "Invalid API key" body */
  | { kind: 'unauthorized' }
  /** 429 with Retry-After (seconds) */
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** 500 with TMDB's internal error body */
  | { kind: 'server-error' }
  /** the request is read and never answered */
  | { kind: 'hang' }
  /** 200 with a body that is not JSON */
  | { kind: 'malformed' };

export interface FakeTmdb {
  /** http://127.0.0.1:{port} */
  origin: string;
  /** TMDB_API_URL for the server under test */
  apiUrl: string;
  /** TMDB_IMAGE_URL */
  imageUrl: string;
  /** TMDB_API_TOKEN: the only token it accepts */
  token: string;
  /** the environment that points a server at this fake */
  env: { TMDB_API_TOKEN: string; TMDB_API_URL: string; TMDB_IMAGE_URL: string };
  /** every request's path and query, in order */
  requests: string[];
  /**
   * Answers the next `times` requests (every one when omitted) with a failure: the API's (the
   * default), poster files' only, or all.
   */
  fail(failure: FakeFailure, options?: { times?: number; requests?: 'api' | 'images' | 'all' }): void;
  /** Back to answering normally. */
  recover(): void;
  /** Delays every answer of the API by this much (the bench's "TMDB far away"). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export interface FakeTmdbOptions {
  token?: string;
  delayMs?: number;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
};

/** A PNG whose header claims 30,000 x 30,000 pixels, in a few bytes: a decoder that trusts it runs out of memory. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(30_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A plain poster: a 500 x 750 JPEG of one colour, different per file. */
async function posterFile(path: string): Promise<Buffer> {
  let hash = 0;
  for (const char of path) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const background = { r: hash & 0xff, g: (hash >> 8) & 0xff, b: (hash >> 16) & 0xff };
  return sharp({ create: { width: 500, height: 750, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function imageFiles(): Promise<Map<string, { body: Buffer; type: string }>> {
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const film of FIXTURE_FILMS) {
    if (film.poster_path && !Object.values<string>(SPECIAL_POSTERS).includes(film.poster_path)) {
      files.set(film.poster_path, { body: await posterFile(film.poster_path), type: 'image/jpeg' });
    }
  }
  files.set(SPECIAL_POSTERS.oversizedBytes, { body: Buffer.alloc(6 * 1024 * 1024, 0xff), type: 'image/jpeg' });
  files.set(SPECIAL_POSTERS.enormousPixels, { body: pixelBomb(), type: 'image/png' });
  files.set(SPECIAL_POSTERS.notAnImage, {
    body: Buffer.from('<!doctype html><title>Not found</title><p>Nothing here.'),
    type: 'image/jpeg',
  });
  files.set(SPECIAL_POSTERS.vectorInside, {
    body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="750"><rect width="500" height="750" fill="red"/></svg>'),
    type: 'image/png',
  });
  return files;
}

export async function startFakeTmdb(options: FakeTmdbOptions = {}): Promise<FakeTmdb> {
  const token = options.token ?? 'fake-tmdb-read-access-token-0123456789';
  const files = await imageFiles();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let delayMs = options.delayMs ?? 0;
  let failure: { failure: FakeFailure; times: number; requests: 'api' | 'images' | 'all' } | null = null;

  /** Answers the request with the failure in force, if one applies; true when it did. */
  const failed = (res: ServerResponse, isImage: boolean): boolean => {
    if (!failure || failure.times <= 0) return false;
    if (failure.requests !== 'all' && (failure.requests === 'images') !== isImage) return false;
    failure.times -= 1;
    const { failure: f } = failure;
    if (f.kind === 'hang') return true;
    if (f.kind === 'unauthorized')
      json(res, 401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false });
    else if (f.kind === 'rate-limited')
      json(
        res,
        429,
        { status_code: 25, status_message: 'Your request count (41) is over the allowed limit of (40).' },
        { 'retry-after': String(f.retryAfterSeconds) },
      );
    else if (f.kind === 'server-error')
      json(res, 500, { status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.', success: false });
    else {
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end('{"page": 1, "results": [{"id": 1, "title": ');
    }
    return true;
  };

  const answerApi = (url: URL, res: ServerResponse) => {
    const search = url.pathname === '/3/search/movie';
    const movie = /^\/3\/movie\/(\d+)$/.exec(url.pathname);
    if (search) {
      const query = (url.searchParams.get('query') ?? '').toLowerCase().trim();
      const year = url.searchParams.get('year');
      const adult = url.searchParams.get('include_adult') === 'true';
      if (!query) return json(res, 200, { page: 1, results: [], total_pages: 1, total_results: 0 });
      const results = FIXTURE_FILMS.filter(
        (film) =>
          (film.title.toLowerCase().includes(query) || film.original_title.toLowerCase().includes(query)) &&
          (!year || film.release_date.startsWith(year)) &&
          (adult || !film.adult),
      ).map(searchResult);
      return json(res, 200, { page: 1, results, total_pages: 1, total_results: results.length });
    }
    const film = movie ? FIXTURE_FILMS.find((f) => f.id === Number(movie[1])) : undefined;
    if (film) return json(res, 200, movieDetails(film, (url.searchParams.get('append_to_response') ?? '').split(',')));
    return json(res, 404, { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.tmdb');
    requests.push(url.pathname + url.search);
    const image = /^\/t\/p\/(w\d+|original)(\/[^/]+)$/.exec(url.pathname);
    if (failed(res, image !== null)) return;
    if (image) {
      const file = files.get(image[2] ?? '');
      if (!file) return json(res, 404, { status_code: 34, status_message: 'The resource you requested could not be found.' });
      res.writeHead(200, { 'content-type': file.type, 'content-length': String(file.body.length) });
      return res.end(file.body);
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return json(res, 401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false });
    }
    if (delayMs > 0) setTimeout(() => answerApi(url, res), delayMs);
    else answerApi(url, res);
  };

  const server = createServer(handle);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake TMDB is not listening on a port');
  const origin = `http://127.0.0.1:${address.port}`;
  const apiUrl = `${origin}/3`;
  const imageUrl = `${origin}/t/p`;
  return {
    origin,
    apiUrl,
    imageUrl,
    token,
    env: { TMDB_API_TOKEN: token, TMDB_API_URL: apiUrl, TMDB_IMAGE_URL: imageUrl },
    requests,
    fail: (f, opts = {}) => {
      failure = { failure: f, times: opts.times ?? Number.POSITIVE_INFINITY, requests: opts.requests ?? 'api' };
    },
    recover: () => {
      failure = null;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
