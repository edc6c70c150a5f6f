/** Messages between the main thread and the thread that runs the embedded database. */

export interface PgliteThreadInit {
  /** A data directory on disk, or … */
  dataDir?: string;
  /** … a data-dir dump to start from (tests clone a migrated template). */
  dump?: Uint8Array;
  migrationsFolder: string;
}

export type PgliteRequest =
  | { id: number; op: 'query'; tx: number | null; sql: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** The fields of a PostgreSQL error that callers read (code, constraint, ...), as plain strings. */
export type SerializedError = Record<string, string>;

export type PgliteReply =
  | { kind: 'ready'; fresh: boolean }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  const out: SerializedError = { message: error instanceof Error ? error.message : String(error) };
  if (typeof error === 'object' && error !== null) {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string') out[key] = value;
    }
  }
  return out;
}
