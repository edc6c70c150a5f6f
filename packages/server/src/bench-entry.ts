/**
 * What bench/ may use of the server's own modules, and nothing more: the package's exports
 * (packages/server/package.json) name this file as `@filmlist/server/bench`, and the server's
 * other modules stay inside the package. The bench otherwise talks to a built server over HTTP.
 */
export { migrationsFolder, openDatabase, type Database } from './db/connection.js';
export { rowsOf } from './db/raw-rows.js';
export { RECOUNT_SQL } from './db/recount.js';
export { AccessTokens } from './modules/auth/access-tokens.js';
export { hashPassword, verifyPassword } from './modules/auth/passwords.js';
export { renderCard } from './modules/cards/card-image.js';
export { FILMS_CHANGED_CHANNEL } from './modules/films/film-changes.js';
export { RATE_LIMIT_PREFIX, rateLimitRedis } from './lib/rate-limit-store.js';
