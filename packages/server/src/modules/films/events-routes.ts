import type { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@filmlist/shared/api/common';
import { messages } from '@filmlist/shared/messages';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors.js';
import type { EventSink } from './list-events.js';
import { clientAddress } from '../../lib/client-address.js';

/** How long a client refused a stream is asked to wait before trying again, in seconds. */
const RETRY_AFTER = { addressFull: '30', processFull: '5' };

const eventStream = z
  .string()
  .describe(
    'text/event-stream. "event: list", with the list version (the weak ETag of GET /api/films/allfilms) as its "id" and "data": ' +
      'sent at once on connect (unless Last-Event-ID already names it) and whenever the list changes, at most once a second; ' +
      'a comment every 25 s keeps proxies from closing an idle stream.',
  );

type Headers = Record<string, number | string | string[] | undefined>;

/**
 * A stream's answer begun: its head written straight to the connection, once, as bytes, and the
 * connection returned for the events, corked until the first event is written too. Its body is the events
 * as they are, ending when the connection closes (no length, no chunks), as HTTP/1.0 and HTTP/1.1 clients and proxies read it. Node's response
 * object would hold the head's text and chunk each event for as long as the stream is open, which
 * 10,000 open streams pay 10,000 times (docs/capacity.md). A request injected in-process (the tests'
 * app.inject) has no connection: its response object takes the same head and the events.
 */
function openSink(request: IncomingMessage, response: ServerResponse, headers: Headers, now: Date): EventSink {
  const { socket } = request;
  if (socket instanceof Socket) {
    socket.cork();
    const lines = ['HTTP/1.1 200 OK'];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    }
    lines.push(`date: ${now.toUTCString()}`, 'connection: close', '', '');
    socket.write(Buffer.from(lines.join('\r\n'), 'latin1'));
    return socket;
  }
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) response.setHeader(name, value);
  response.writeHead(200);
  response.cork();
  return response;
}

/**
 * GET /api/films/events: the live list (docs/product.md §Live list). The
 * stream stays open; app.listEvents tells it of each new version of the
 * ranked list, made on this instance or announced by another.
 */
export const listEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['films'],
        summary: 'The live list: an event stream announcing each new version of the ranked list',
        description:
          'Public. Fetch GET /api/films/allfilms?v=<version> for a version announced here: shared caches keep each version under its own URL. ' +
          'A client address may hold a limited number of streams (429 past it), and an instance refuses streams past its own limit (503); ' +
          'both answers carry Retry-After. A client resuming with Last-Event-ID is sent the current version only when it differs.',
        produces: ['text/event-stream', 'application/json'],
        response: { 200: eventStream, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const client = clientAddress(request);
      const admission = app.listEvents.admit(client);
      if (admission === 'address-full') {
        throw new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'retry-after': RETRY_AFTER.addressFull });
      }
      if (admission !== 'open') {
        throw new HttpError(503, 'unavailable', messages.serviceUnavailable, undefined, { 'retry-after': RETRY_AFTER.processFull });
      }
      // Never kept, never recompressed or held back by a proxy: each event must arrive as it is sent.
      void reply.header('cache-control', 'no-store, no-transform').header('x-accel-buffering', 'no');
      void reply.type('text/event-stream; charset=utf-8');
      reply.hijack();
      const sink = openSink(request.raw, reply.raw, reply.getHeaders(), app.clock.now());
      if (request.method === 'HEAD') {
        sink.end();
        return;
      }
      // Clients reconnect after a few seconds, spread out so that a restart is not met by every stream at once.
      sink.write(Buffer.from(`retry: ${2000 + Math.floor(Math.random() * 3000)}\n\n`));
      const lastEventId = request.headers['last-event-id'];
      app.listEvents.open(sink, client, typeof lastEventId === 'string' ? lastEventId : undefined);
      // The head, the retry and the first event leave together.
      sink.uncork();
    },
  );
};
