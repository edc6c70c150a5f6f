import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, serverMessages } from '@filmlist/shared/messages';
import type { ErrorBody } from '@filmlist/shared/api/common';
import { databaseReason, isContention, isDataException, isDatabaseUnavailable, isUniqueViolation } from '../db/pg-errors.js';
import { privateAnswer } from '../lib/http-cache.js';
import { HttpError } from '../lib/http-errors.js';

/**
 * Every error leaves as {error, code, fields?} (docs/product.md §Errors). Bad input is a
 * 4xx with a human message; a 5xx never shows internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toAnswer(error);
    // A 503 is the database busy (a lock, a conflict, a cancelled statement) or away: expected under
    // contention and outages, so a warning naming the fault, not an error with the query.
    if (status === 503) request.log.warn({ answer: body.code, reason: databaseReason(error) }, 'request answered 503');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    // An error is never kept by a cache, even on a route whose answers may be.
    privateAnswer(reply);
    if (headers) void reply.headers(headers);
    return reply.code(status).send(body);
  });
});

function toAnswer(error: FastifyError): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  if (error instanceof HttpError) {
    const body: ErrorBody = { error: error.message, code: error.code };
    if (error.fields) body.fields = error.fields;
    return { status: error.statusCode, body, ...(error.headers ? { headers: error.headers } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').split('/')[0] ?? '';
      if (field && !(field in fields)) fields[field] = issue.message ?? messages.invalidRequest;
    }
    const first = error.validation[0];
    const message = (first && first.instancePath !== '/' ? first.message : undefined) ?? messages.invalidRequest;
    return { status: 400, body: { error: message, code: 'validation_failed', fields } };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status === 413) return { status, body: { error: serverMessages.bodyTooLarge, code: 'body_too_large' } };
  if (status === 415) return { status, body: { error: serverMessages.unsupportedMediaType, code: 'unsupported_media_type' } };
  if (status >= 400 && status < 500) {
    const malformed = error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP') === true;
    return {
      status,
      body: malformed
        ? { error: serverMessages.malformedJson, code: 'malformed_json' }
        : { error: messages.invalidRequest, code: 'invalid_request' },
    };
  }
  // Lock contention that outlasted db/transaction.ts's retries or the lock timeout: busy, so try again soon.
  if (isContention(error)) {
    return {
      status: 503,
      body: { error: messages.serviceUnavailable, code: 'busy' },
      headers: { 'retry-after': '1' },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { error: messages.serviceUnavailable, code: 'unavailable' },
      headers: { 'retry-after': '2' },
    };
  }
  if (isDataException(error)) return { status: 400, body: { error: messages.invalidRequest, code: 'invalid_request' } };
  if (isUniqueViolation(error)) return { status: 409, body: { error: messages.invalidRequest, code: 'conflict' } };
  return { status: 500, body: { error: serverMessages.internalError, code: 'internal' } };
}
