import { execSync } from 'node:child_process';
import { hashPassword } from '../packages/server/src/auth/passwords.js';
import { load } from './lib.js';
import { seedFilms, seedMembers, vacuum } from './seed.js';
import { createBenchDatabase, signInMembers, startBenchServer } from './setup.js';

// A focused look at rating writes: where does the CPU go (server process or database)?
const database = await createBenchDatabase('writes');
const members = await database.use(async (db) => {
  await seedFilms(db, 300);
  await seedMembers(db, 5000, await hashPassword('x'.repeat(20)));
  await vacuum(db);
  return signInMembers(db, 5000);
});
const server = await startBenchServer(database);
const pid = server.child.pid ?? 0;
const cpu = (p: number) => Number(execSync(`ps -o cputimes= -p ${p}`).toString().trim());
const pgCpu = () =>
  execSync("ps -C postgres -o cputimes=").toString().trim().split('\n').reduce((sum, line) => sum + Number(line.trim() || 0), 0);
let n = 0;
const before = { server: cpu(pid), pg: pgCpu(), at: Date.now() };
const result = await load({
  url: server.url,
  duration: 10,
  connections: Number(process.env.CONNECTIONS ?? 20),
  requests: [
    {
      method: 'POST',
      path: '/api/ratings/rate',
      setupRequest: (request) => {
        n += 1;
        // Consecutive votes go to different films; each (member, film) pair comes once.
        const filmId = 1 + (n % 300);
        const member = members[Math.floor(n / 300) % members.length];
        if (!member) return request;
        return { ...request, headers: { 'content-type': 'application/json', authorization: member.authorization }, body: JSON.stringify({ user_id: member.userId, film_id: filmId, rating: 5 }) };
      },
    },
  ],
});
const seconds = (Date.now() - before.at) / 1000;
console.log(`${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non2xx ${result.non2xx}`);
console.log(`server CPU ${(((cpu(pid) - before.server) / seconds) * 100).toFixed(0)} %, postgres CPU ${(((pgCpu() - before.pg) / seconds) * 100).toFixed(0)} % (of one core, over ${seconds.toFixed(1)} s)`);
await server.stop();
await database.drop();
