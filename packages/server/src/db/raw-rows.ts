/** The rows of a raw `db.execute(sql...)` answer, on either driver (both answer {rows}). */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows)) return [];
  return result.rows.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null);
}
