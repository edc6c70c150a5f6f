import { fmt } from './lib.js';
import type { Figure } from './standing.js';

/**
 * The capacity model of docs/capacity.md, worked out from the figures `npm run bench:scale`
 * measured in the same run: CPU per request kind times the rate of each kind at the peak hour of
 * the target below, for the bench's catalogue and for the target's. The traffic assumptions are
 * the constants here; change one and run the bench again. Every number the model prints comes
 * from these constants and the run's figures, nothing typed in by hand.
 */

export const TARGET = {
  visitorsPerDay: 1_000_000,
  films: 100_000,
  membersOnline: 10_000,
  votesPerSecond: 50,
  spike: 10,
};

/** How a visit and a member spend requests (assumptions, not measurements). */
export const TRAFFIC = {
  /** the peak hour's rate over the day's mean */
  peakFactor: 3,
  /** the ranked list (allfilms) per visit: cached, the same */
  listReadsPerVisit: 1,
  /** film pages per visit: spread over many films, so most reach an instance (miss or revalidation) */
  filmPagesPerVisit: 2,
  /** share cards drawn anew per visit (a card is immutable per version; crawlers fetch it when a link is shared) */
  cardRendersPerVisit: 0.01,
  /** private reads (GET /api/me/votes) per online member per minute: one per page load */
  memberPageLoadsPerMinute: 0.5,
  /** password logins per second at the peak */
  loginsPerSecond: 2,
  /** film database lookups per second at the peak (members submitting films, a few lookups each) */
  lookupsPerSecond: 0.5,
  /** cache nodes (nginx or CDN points of presence) each asking the origin on their own */
  cacheNodes: 3,
  /** encodings a cache keeps per URL (br, gzip, none) */
  encodings: 3,
  /** s-maxage of the list (decision 013): a cache asks for a new list this often while votes change it */
  sMaxAgeSeconds: 2,
  /** a process is planned at this share of one core, and PostgreSQL's cores at this share */
  utilisation: 0.6,
  /** the most instances a plan may have before it is called a wall */
  maxInstances: 64,
  /** votes kept: a year at a fifth of the peak rate */
  votesStored: (50 / 5) * 86_400 * 365,
};

export interface Measured {
  /** the bench's catalogue */
  films: number;
  /** ms of CPU per request: the instance's and PostgreSQL's */
  cpu: {
    /** the list made anew after a vote (the voted film read again), and compressed with brotli */
    listRebuild: { app: number; pg: number };
    /** the same, compressed with gzip */
    listRebuildGzip: { app: number; pg: number };
    /** the same without the compression: what each instance's read of the live list's version costs */
    listRebuildPlain: { app: number; pg: number };
    /** the list read whole, after a change that names no film (a film added or removed, an account deleted) */
    listReadWhole: { app: number; pg: number };
    filmPage: { app: number; pg: number };
    privateRead: { app: number; pg: number };
    vote: { app: number; pg: number };
    login: { app: number; pg: number };
    lookup: { app: number; pg: number };
    card: { app: number; pg: number };
  };
  /** ms of CPU to tell one stream of a new version */
  streamEventMs: number;
  streamKiB: number;
  /** an instance's RSS after start (the largest of the instances') */
  instanceIdleRssMiB: number;
  /**
   * the list's copies in an instance's memory: the most any instance's RSS grew from its own start
   * while it served the list (one instance's loaded RSS against another's idle one measured noise)
   */
  listCopiesMiB: number;
  /** the vote function's ceiling on this machine (pgbench), the same inside the HTTP path's session check, and the HTTP path's rates */
  pgbenchRatingsPerSecond: number;
  pgbenchWithSessionPerSecond: number;
  httpRatingsPerSecond: number;
  directRatingsPerSecond: number;
  /** bytes on disk per stored vote (table and indexes) and per film */
  bytesPerVote: number;
  bytesPerFilm: number;
  listBrotliBytes: number;
}

/** What each plan assumes of the caches in front: the code is as it is. */
interface Scenario {
  name: string;
  /** the caches ask the origin through one shield, so the origin sees one cache node */
  shield: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'as built', shield: false },
  { name: 'as built, with one shield in front of the origin', shield: true },
];

interface Kind {
  kind: string;
  rate: number;
  app: number;
  pg: number;
  /** its cost grows with the catalogue (measured at the bench's, taken as linear in films) */
  perFilm?: boolean;
}

interface Plan {
  kinds: Kind[];
  /** cores of work shared by the instances */
  shared: { app: number; pg: number };
  /** cores of work each instance does on its own, whatever the others do */
  own: { app: number; pg: number };
  /** undefined: no number of instances up to TRAFFIC.maxInstances holds it */
  instances: number | undefined;
  pgCores: number;
  /** the largest single demand: what to move first */
  wall: string;
}

const peakVisitorsPerSecond = () => (TARGET.visitorsPerDay / 86_400) * TRAFFIC.peakFactor;

/**
 * The plan for `films` films at the peak with `votesPerSecond`: the work the instances share, plus
 * what each instance does on its own, and the smallest number of instances that keeps each under
 * the planned utilisation. A list made after a vote and its compression are taken as linear in
 * films: an upper bound for the list, since only its ranking, copying and hashing grow with them
 * (the voted film alone is read and serialized again).
 */
function plan(m: Measured, films: number, votesPerSecond: number, scenario: Scenario): Plan {
  const scale = films / m.films;
  const rebuild = { app: m.cpu.listRebuildPlain.app * scale, pg: m.cpu.listRebuildPlain.pg * scale };
  // A cache asks for each of the three encodings: brotli's copy, gzip's, and the plain bytes, which cost no compression.
  const compressed = (made: { app: number }) => Math.max(0, made.app - m.cpu.listRebuildPlain.app) * scale;
  const compress = (compressed(m.cpu.listRebuild) + compressed(m.cpu.listRebuildGzip)) / TRAFFIC.encodings;
  // Each cache node asks for each encoding of the list once per s-maxage while votes change it.
  const asks = ((scenario.shield ? 1 : TRAFFIC.cacheNodes) * TRAFFIC.encodings) / TRAFFIC.sMaxAgeSeconds;
  const visitors = peakVisitorsPerSecond();
  const kinds: Kind[] = [
    // The instance asked already holds the new list (it read the version for its streams this second) and compresses it.
    { kind: 'copies of each new list for the caches (brotli, gzip, plain)', rate: asks, app: compress, pg: 0, perFilm: true },
    { kind: 'film pages', rate: visitors * TRAFFIC.filmPagesPerVisit, app: m.cpu.filmPage.app, pg: m.cpu.filmPage.pg },
    { kind: 'share cards drawn', rate: visitors * TRAFFIC.cardRendersPerVisit, app: m.cpu.card.app, pg: m.cpu.card.pg },
    {
      kind: "members' own votes (private reads)",
      rate: (TARGET.membersOnline * TRAFFIC.memberPageLoadsPerMinute) / 60,
      app: m.cpu.privateRead.app,
      pg: m.cpu.privateRead.pg,
    },
    { kind: 'logins', rate: TRAFFIC.loginsPerSecond, app: m.cpu.login.app, pg: m.cpu.login.pg },
    { kind: 'film database lookups', rate: TRAFFIC.lookupsPerSecond, app: m.cpu.lookup.app, pg: m.cpu.lookup.pg },
    { kind: 'votes', rate: votesPerSecond, app: m.cpu.vote.app, pg: m.cpu.vote.pg },
    // While votes flow, every stream is told a new version once a second.
    { kind: 'live-list events', rate: TARGET.membersOnline, app: m.streamEventMs, pg: 0 },
  ];
  const shared = kinds.reduce((sum, k) => ({ app: sum.app + (k.rate * k.app) / 1000, pg: sum.pg + (k.rate * k.pg) / 1000 }), {
    app: 0,
    pg: 0,
  });
  // Each instance with streams reads the version, a list made from its last one, once a second while the list changes.
  const own = { app: rebuild.app / 1000, pg: rebuild.pg / 1000 };
  let instances: number | undefined;
  for (let n = 2; n <= TRAFFIC.maxInstances && instances === undefined; n += 1)
    if (shared.app / n + own.app <= TRAFFIC.utilisation) instances = n;
  const pgCores = shared.pg + (instances ?? TRAFFIC.maxInstances) * own.pg;
  const demands = [
    ...kinds.map((k) => ({ what: k.kind, cores: (k.rate * k.app) / 1000 })),
    { what: "each instance's read of the live list's version (a list made a second)", cores: own.app * (instances ?? 1) },
  ];
  const largest = demands.reduce((a, b) => (b.cores > a.cores ? b : a));
  const wall =
    instances === undefined
      ? own.app >= TRAFFIC.utilisation
        ? `each instance's read of the live list's version takes ${fmt(own.app, 2)} cores a second, more than the ${TRAFFIC.utilisation * 100} % of a core an instance is planned at: no number of instances holds it`
        : `${fmt(shared.app, 1)} cores of shared work need more than ${TRAFFIC.maxInstances} instances; the most: ${largest.what}`
      : `${largest.what}: ${fmt(largest.cores, 2)} of ${fmt(shared.app + own.app * instances, 2)} app cores`;
  return { kinds, shared, own, instances, pgCores, wall };
}

/** Films at which each instance's version read takes `share` of a core, as built. */
const filmsAtShare = (m: Measured, share: number) => Math.round((share * 1000 * m.films) / m.cpu.listRebuildPlain.app);

const roundUp = (films: number) => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(films)) - 1);
  return Math.ceil(films / step) * step;
};

export function capacityFigures(m: Measured): Figure[] {
  const rows: Figure[] = [];
  const spikeVotes = TARGET.votesPerSecond * TARGET.spike;
  const storageGiB = (TRAFFIC.votesStored * m.bytesPerVote + TARGET.films * m.bytesPerFilm) / 2 ** 30;
  const streamsMiB = (m.streamKiB * TARGET.membersOnline) / 1024;
  const instancesText = (p: Plan) =>
    p.instances === undefined ? 'none' : `${p.instances} (${fmt(p.shared.app + p.instances * p.own.app, 2)} cores of work)`;
  const pgText = (p: Plan) =>
    p.instances === undefined
      ? 'not planned (no instances)'
      : `${fmt(p.pgCores, 2)} cores of work (${Math.max(2, Math.ceil(p.pgCores / TRAFFIC.utilisation))} cores)`;

  const asBuilt = plan(m, TARGET.films, TARGET.votesPerSecond, SCENARIOS[0] ?? { name: '', shield: false });
  for (const k of asBuilt.kinds)
    rows.push({
      figure: `Model, peak, ${TARGET.films.toLocaleString('en-US')} films, as built: ${k.kind}`,
      value: `${fmt(k.rate, 1)}/s: ${fmt((k.rate * k.app) / 1000, 2)} app cores, ${fmt((k.rate * k.pg) / 1000, 2)} PostgreSQL cores`,
      how: `${fmt(k.app, 3)} + ${fmt(k.pg, 3)} ms each${k.perFilm ? ` (measured at ${m.films.toLocaleString('en-US')} films, times ${fmt(TARGET.films / m.films, 0)})` : ''}`,
    });

  for (const films of [m.films, TARGET.films]) {
    const scale = films / m.films;
    const listMiB = Math.max(0, m.listCopiesMiB) * scale;
    for (const scenario of SCENARIOS) {
      const peak = plan(m, films, TARGET.votesPerSecond, scenario);
      const spike = plan(m, films, spikeVotes, scenario);
      rows.push({
        figure: `Model, ${films.toLocaleString('en-US')} films, ${scenario.name}`,
        value: `instances: peak ${instancesText(peak)}, ${TARGET.spike}x vote spike ${instancesText(spike)}; PostgreSQL: peak ${pgText(peak)}, spike ${pgText(spike)}; the first wall: ${peak.wall}`,
        how: `shared work ${fmt(peak.shared.app, 2)} app cores (spike ${fmt(spike.shared.app, 2)}) plus ${fmt(peak.own.app, 2)} per instance; one Node process per core planned at ${TRAFFIC.utilisation * 100} %, at least 2; about ${fmt(m.instanceIdleRssMiB + listMiB, 0)} MiB each (${fmt(m.instanceIdleRssMiB, 0)} at start, the list's copies ${fmt(listMiB, 0)}, linear in films) plus ${fmt(streamsMiB, 0)} MiB of streams in all`,
      });
    }
  }
  rows.push({
    figure: "Model: films at which each instance's version read is the wall, as built",
    value: `${TRAFFIC.utilisation * 100} % of a core at about ${roundUp(filmsAtShare(m, TRAFFIC.utilisation)).toLocaleString('en-US')} films, a whole core at about ${roundUp(filmsAtShare(m, 1)).toLocaleString('en-US')}`,
    how: `the list made after a vote, without compression, ${fmt(m.cpu.listRebuildPlain.app, 1)} ms of CPU at ${m.films.toLocaleString('en-US')} films, once a second per instance while votes flow, taken as linear in films`,
  });
  rows.push({
    figure: `Model: the list read whole at ${TARGET.films.toLocaleString('en-US')} films`,
    value: `${fmt(m.cpu.listReadWhole.app * (TARGET.films / m.films), 0)} ms of app CPU and ${fmt(m.cpu.listReadWhole.pg * (TARGET.films / m.films), 0)} ms of PostgreSQL's, on every instance, per change that names no film`,
    how: `measured ${fmt(m.cpu.listReadWhole.app, 0)} + ${fmt(m.cpu.listReadWhole.pg, 0)} ms at ${m.films.toLocaleString('en-US')} films, times ${fmt(TARGET.films / m.films, 0)}: a film added, edited or removed, an account deleted, a change feed that was down; reviewers' decisions, minutes apart, not in the peak's rates`,
  });
  rows.push(
    {
      figure: 'Model: PostgreSQL on disk',
      value: `${fmt(storageGiB, 0)} GiB`,
      how: `a year of votes at ${TARGET.votesPerSecond / 5}/s (${(TRAFFIC.votesStored / 1e6).toFixed(0)} M, ${fmt(m.bytesPerVote, 0)} bytes each with indexes) and ${TARGET.films.toLocaleString('en-US')} films (${fmt(m.bytesPerFilm, 0)} bytes each)`,
    },
    {
      figure: 'Model: vote spike against the database ceiling',
      value: `${spikeVotes} votes/s against ${fmt(m.pgbenchRatingsPerSecond, 0)}/s for the vote function alone, ${fmt(m.pgbenchWithSessionPerSecond, 0)}/s for the statement the HTTP path sends, and ${fmt(m.directRatingsPerSecond, 0)}/s straight to one instance and ${fmt(m.httpRatingsPerSecond, 0)}/s through nginx on this machine`,
      how: 'pgbench and the write loads above; one PostgreSQL takes every vote, whatever the instances',
    },
    {
      figure: 'Model: the list a visitor downloads',
      value: `${fmt((m.listBrotliBytes * (TARGET.films / m.films)) / 1024, 0)} KiB brotli at ${TARGET.films.toLocaleString('en-US')} films; ${fmt((peakVisitorsPerSecond() * TRAFFIC.listReadsPerVisit * m.listBrotliBytes * (TARGET.films / m.films) * 8) / 1e6, 0)} Mbit/s from the caches at the peak`,
      how: `measured ${fmt(m.listBrotliBytes / 1024, 0)} KiB at ${m.films.toLocaleString('en-US')} films, times ${fmt(TARGET.films / m.films, 0)}; ${fmt(peakVisitorsPerSecond(), 1)} visitors/s at the peak`,
    },
  );
  return rows;
}
