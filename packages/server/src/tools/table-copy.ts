import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * What the move needs to know of a database's tables, read from the catalog,
 * and the copy of one table. Works on PGlite and PostgreSQL alike.
 */

export interface TableInfo {
  name: string;
  columns: string[];
  identity: string[];
  primaryKey: string[];
}

/** Anything that runs SQL with parameters: a PGlite transaction or a pg client. */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables in the public schema, with their columns, identity columns and primary key. */
export async function describeTables(db: Queryable): Promise<TableInfo[]> {
  const tables = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  const result: TableInfo[] = [];
  for (const { name } of tables.rows) {
    const columns = await db.query<{ name: string; identity: string; generated: string }>(
      `SELECT attname AS name, attidentity::text AS identity, attgenerated::text AS generated FROM pg_attribute
       WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [`public.${ident(name)}`],
    );
    const key = await db.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
       WHERE i.indrelid = to_regclass($1) AND i.indisprimary
       ORDER BY array_position(i.indkey::int2[], a.attnum)`,
      [`public.${ident(name)}`],
    );
    const stored = columns.rows.filter((c) => c.generated === '');
    result.push({
      name,
      columns: stored.map((c) => c.name),
      identity: stored.filter((c) => c.identity !== '').map((c) => c.name),
      primaryKey: key.rows.map((k) => k.name),
    });
  }
  return result;
}

/** Parents first: a table comes after every table its foreign keys point to. */
export async function foreignKeyOrder(db: Queryable, tables: TableInfo[]): Promise<TableInfo[]> {
  const edges = await db.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint co
     JOIN pg_class child ON child.oid = co.conrelid
     JOIN pg_class parent ON parent.oid = co.confrelid
     JOIN pg_namespace n ON n.oid = child.relnamespace
     WHERE co.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of edges.rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t.name) && [...(parents.get(t.name) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('the tables refer to each other in a cycle; cannot order the copy');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
  }
  return ordered;
}

export async function rowCount(db: Queryable, table: string): Promise<number> {
  const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`);
  return result.rows[0]?.n ?? 0;
}

/** "users: 3" for each table that holds rows. */
export async function occupied(db: Queryable, tables: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables) {
    const rows = await rowCount(db, table);
    if (rows > 0) found.push(`${table}: ${rows}`);
  }
  return found;
}

/** Copy one table through a cursor, a batch of rows per statement, as JSON so every value keeps its exact text. */
export async function copyTable(source: Transaction, target: pg.Client, table: TableInfo, batchSize: number): Promise<number> {
  const order = table.primaryKey.length ? ` ORDER BY ${table.primaryKey.map(ident).join(', ')}` : '';
  const cursor = `move_${table.name.replace(/[^a-z0-9_]/gi, '_')}`;
  await source.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table.name)} t${order}`);
  const columns = table.columns.map(ident).join(', ');
  // OVERRIDING SYSTEM VALUE keeps the ids of GENERATED ALWAYS identity columns.
  const insert = `INSERT INTO ${ident(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
    SELECT ${columns} FROM json_populate_recordset(NULL::${ident(table.name)}, $1::json)`;
  let copied = 0;
  for (;;) {
    const batch = await source.query<{ j: string }>(`FETCH ${batchSize} FROM ${cursor}`);
    if (batch.rows.length === 0) break;
    await target.query(insert, [`[${batch.rows.map((r) => r.j).join(',')}]`]);
    copied += batch.rows.length;
  }
  await source.query(`CLOSE ${cursor}`);
  return copied;
}
