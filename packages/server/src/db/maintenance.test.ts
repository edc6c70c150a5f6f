import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFilm } from '../../test/support/factories.js';
import { useTestApp } from '../../test/support/test-app.js';
import { vacuumHotTables } from './maintenance.js';
import { rowsOf } from './raw-rows.js';

const t = useTestApp();

const filmStatistics = async () =>
  Number(rowsOf(await t.app.db.execute(sql`SELECT reltuples FROM pg_class WHERE relname = 'films'`))[0]?.reltuples);

describe('embedded database maintenance', () => {
  it('vacuums and analyzes the hot tables, refreshing the planner statistics', async () => {
    for (let i = 0; i < 3; i += 1) await createFilm(t.app);
    expect(await filmStatistics()).not.toBe(3);
    await vacuumHotTables(t.app.db);
    expect(await filmStatistics()).toBe(3);
  });
});
