import { serverMessages } from '@filmlist/shared/messages';

/** An error whose status, code and message are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'invalid_request', fields?: Record<string, string>) =>
  new HttpError(400, code, message, fields);
export const unauthorized = (message: string = serverMessages.authRequired, code = 'unauthenticated') => new HttpError(401, code, message);
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
export const notFound = (message: string, code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);
