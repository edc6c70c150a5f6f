import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './http-cache.js';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** Bytes served often and changed rarely: each compressed copy is made once, on first request. */
export interface CompressibleBody {
  body: Buffer;
  compressed(encoding: Encoding): Promise<Buffer>;
}

export function compressible(body: Buffer): CompressibleBody {
  const variants = new Map<Encoding, Promise<Buffer>>();
  return {
    body,
    compressed(encoding) {
      let variant = variants.get(encoding);
      if (!variant) {
        // Quality 5 and level 6: most of the size gain for a small part of the time.
        variant =
          encoding === 'br'
            ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
            : gzipAsync(body, { level: 6 });
        variants.set(encoding, variant);
      }
      return variant;
    },
  };
}

/** br, then gzip, when the client accepts them (an explicit q=0 refuses one); null for the plain bytes. */
export function preferredEncoding(accept: string | undefined): Encoding | null {
  const accepted = new Set(
    (accept ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The copy of `body` the request accepts, with its Content-Encoding and Vary headers set on `reply`. */
export async function encodedFor(request: FastifyRequest, reply: FastifyReply, body: CompressibleBody): Promise<Buffer> {
  addVary(reply, 'Accept-Encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return body.body;
  void reply.header('content-encoding', encoding);
  return body.compressed(encoding);
}
