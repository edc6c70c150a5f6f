import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';

/** A reason an operator's command cannot run, said in one line. */
export class ToolError extends Error {}

/** The password of a URL never reaches the screen. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * The database the server uses, for an operator's command: DATABASE_URL, or
 * else the embedded database in DATA_DIR, which must exist and must not be
 * open in a running server (two processes never open one embedded database).
 */
export async function openToolDatabase(config: Config): Promise<{ handle: DatabaseHandle; where: string }> {
  const dbDir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl) {
    if (!existsSync(path.join(dbDir, 'PG_VERSION')))
      throw new ToolError(`there is no embedded database in ${dbDir} (set DATA_DIR, or DATABASE_URL)`);
    if (existsSync(path.join(dbDir, 'postmaster.pid'))) {
      throw new ToolError(`the embedded database in ${dbDir} is open in a running server (db/postmaster.pid is present); stop it first`);
    }
  }
  const where = config.databaseUrl ? `PostgreSQL ${redactUrl(config.databaseUrl)}` : `the embedded database in ${dbDir}`;
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, queryTimeoutMs: 120_000 });
  return { handle, where };
}
