import { hashPassword } from '@filmlist/server/bench';
import { loadGenerator, loadVotes } from './lib.js';
import { seedFilms, seedMembers, vacuum } from './seed.js';
import { clearSpentLimits, createBenchDatabase, signInMembers, startBenchServer } from './setup.js';
import { profileConnections, profileKind, profileRedisUrl } from './config.js';
import { measureCpu } from './scale-cluster.js';

// A focused look at rating (or mention: PROFILE_KIND=mention) writes: where does the CPU go (server process or database)?
const database = await createBenchDatabase('writes');
const members = await database.use(async (db) => {
  await seedFilms(db, 300);
  await seedMembers(db, 5000, await hashPassword('x'.repeat(20)));
  await vacuum(db);
  return signInMembers(db, 5000);
});
if (profileRedisUrl) await clearSpentLimits(profileRedisUrl);
const server = await startBenchServer(database, profileRedisUrl ? { REDIS_URL: profileRedisUrl } : {});
const pid = server.child.pid ?? 0;
const databaseName = new URL(database.url ?? 'postgres://x/embedded').pathname.slice(1);
const { result, ms, postgresMs, seconds } = await measureCpu([pid], databaseName, () =>
  loadVotes({
    url: server.url,
    members,
    films: Array.from({ length: 300 }, (_, i) => i + 1),
    ...(profileKind === 'mention'
      ? {
          path: '/api/mentions/mentioned',
          body: (user_id: number, film_id: number) => ({ user_id, film_id, mentioned: (user_id + film_id) % 2 === 0 }),
          luaBody: `string.format('{"user_id":%d,"film_id":%d,"mentioned":%s}', u, f, ((u + f) % 2 == 0) and "true" or "false")`,
        }
      : {
          path: '/api/ratings/rate',
          body: (user_id: number, film_id: number) => ({ user_id, film_id, rating: 5 }),
          luaBody: `string.format('{"user_id":%d,"film_id":%d,"rating":5}', u, f)`,
        }),
    duration: 10,
    connections: profileConnections,
  }),
);
const votes = result.total;
console.log(
  `${loadGenerator}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non2xx ${result.non2xx}`,
);
console.log(
  `CPU per vote: server ${((ms[0] ?? 0) / votes).toFixed(3)} ms, PostgreSQL backends ${(postgresMs / votes).toFixed(3)} ms` +
    ` (/proc, over ${seconds.toFixed(1)} s; server ${((ms[0] ?? 0) / seconds / 10).toFixed(0)} % of one core)`,
);
await server.stop();
await database.drop();
