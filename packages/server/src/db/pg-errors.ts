/** PostgreSQL error codes the app reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_DEADLOCK_DETECTED = '40P01';
export const PG_SERIALIZATION_FAILURE = '40001';
/** lock_timeout ran out (db/transaction.ts, the vote functions). */
export const PG_LOCK_NOT_AVAILABLE = '55P03';
/** A statement cancelled: statement_timeout ran out (the pipelined connections', ./statement-pipeline.ts), or pg_cancel_backend. */
export const PG_QUERY_CANCELED = '57014';

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  // drizzle wraps driver errors; the original is the cause.
  if ('cause' in error) return codeOf(error.cause);
  return undefined;
}

/** The messages of an error and of its causes: drizzle's own message names the query, the driver's the fault. */
function messagesOf(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 5) return '';
  return `${error.message}\n${messagesOf(error.cause, depth + 1)}`;
}

/**
 * What the database or the driver said, without drizzle's wrapper (which repeats the query and its
 * parameters): for a log line that names the fault, not a member's input.
 */
export function databaseReason(error: unknown): { code: string | undefined; message: string } {
  let deepest: unknown = error;
  for (let depth = 0; depth < 5 && deepest instanceof Error && deepest.cause !== undefined; depth += 1) deepest = deepest.cause;
  return { code: codeOf(error), message: deepest instanceof Error ? deepest.message : String(deepest) };
}

export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === PG_UNIQUE_VIOLATION;
}

/**
 * For a `.catch` after a write that another request can race to a unique
 * index: the violation becomes `answer(error)` (a 409 that says what was
 * taken); anything else goes on as it was.
 */
export function uniqueViolationAs(answer: (error: unknown) => Error): (error: unknown) => never {
  return (error) => {
    throw isUniqueViolation(error) ? answer(error) : error;
  };
}

/**
 * Class 22, data exceptions: input the database cannot store, such as a NUL
 * byte in text or a number out of range. Bad input, not a server fault.
 */
export function isDataException(error: unknown): boolean {
  return codeOf(error)?.startsWith('22') === true;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return codeOf(error) === PG_FOREIGN_KEY_VIOLATION;
}

/** A deadlock or serialization failure: the transaction may succeed if run again (db/transaction.ts). */
export function isTransactionConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
}

/**
 * Contention that outlasted the retries or the lock timeout, or a statement cancelled while it
 * waited: busy, not broken (503 with Retry-After). A cancelled statement wrote nothing.
 */
export function isContention(error: unknown): boolean {
  return isTransactionConflict(error) || codeOf(error) === PG_LOCK_NOT_AVAILABLE || isCancelled(error);
}

/** The statement was cancelled (its timeout, or an operator's pg_cancel_backend); it wrote nothing. */
export function isCancelled(error: unknown): boolean {
  return codeOf(error) === PG_QUERY_CANCELED;
}

/**
 * The database is away or refusing connections: connection errors from the
 * driver, and PostgreSQL's admin-shutdown and cannot-connect classes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code === undefined) {
    // "not queryable": a transaction's ROLLBACK on a client whose connection just died.
    return /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(messagesOf(error));
  }
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code) ||
    code.startsWith('08') ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03'
  );
}

/** The constraint a violation names (PostgreSQL's `constraint` field), through drizzle's wrapper. */
export function violatedConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('constraint' in error && typeof error.constraint === 'string') return error.constraint;
  if ('cause' in error) return violatedConstraint(error.cause);
  return undefined;
}
