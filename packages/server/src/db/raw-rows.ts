/** The rows of a raw `db.execute(sql...)` answer: {rows} from PGlite and node-postgres, the rows themselves from the thread proxy. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  const rows: unknown = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result
      ? result.rows
      : [];
  if (!Array.isArray(rows)) return [];
  return rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
}
