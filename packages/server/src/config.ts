import path from 'node:path';
import { z } from 'zod';
import { emailKey } from './lib/email-key.js';
import { RATE_LIMIT_PREFIX } from './lib/rate-limit-store.js';

/** The only module that reads process.env (README.md, "Configuration"). */

export class ConfigError extends Error {}

const flag = (name: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      if (/^(true|1|yes|on)$/i.test(v)) return true;
      if (/^(false|0|no|off)$/i.test(v)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false (got "${v}")` });
      return z.NEVER;
    });

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        const parsed = new URL(v);
        if (protocols.includes(parsed.protocol)) return v;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: `${name} must be a ${protocols.join(' or ')} URL (got "${redact(v)}")` });
      return z.NEVER;
    });

/** Passwords in URLs never reach a log line. */
function redact(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** A whole number of at least 1, or the default when unset. */
const count = (name: string, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v.trim());
      if (/^\d+$/.test(v.trim()) && n >= 1 && Number.isSafeInteger(n)) return n;
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number of at least 1 (got "${v}")` });
      return z.NEVER;
    });

/** Each process's budget of requests to TMDB (decision 010): TMDB allows about 40 a second per token, for all instances. */
const TMDB_REQUESTS_PER_SECOND_DEFAULT = 20;
const TMDB_REQUESTS_PER_SECOND_MAX = 40;

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 3000;
      const n = Number(v);
      if (/^\d+$/.test(v) && n >= 0 && n <= 65535) return n;
      ctx.addIssue({ code: 'custom', message: `PORT must be an integer from 0 to 65535 (got "${v}")` });
      return z.NEVER;
    }),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']),
  PUBLIC_URL: url('PUBLIC_URL', ['http:', 'https:']),
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']),
  MAIL_FROM: z.string().optional(),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, 'JWT_SECRET must be at least 32 characters long'),
  REVIEWERS: z.string().optional(),
  SEED_DEMO: flag('SEED_DEMO'),
  REDIS_URL: url('REDIS_URL', ['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^[\x21-\x7e]{1,100}$/.test(v),
      'REDIS_KEY_PREFIX must be 1 to 100 printable characters, no spaces',
    ),
  TRUST_PROXY: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  NEWSLETTER_URL: url('NEWSLETTER_URL', ['http:', 'https:']),
  BOOKS_URL: url('BOOKS_URL', ['http:', 'https:']),
  MUSIC_URL: url('MUSIC_URL', ['http:', 'https:']),
  COFFEE_URL: url('COFFEE_URL', ['http:', 'https:']),
  SHOP_URL: url('SHOP_URL', ['http:', 'https:']),
  CONTACT_EMAIL: z.string().optional(),
  TMDB_API_TOKEN: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || /^[\x21-\x7e]{16,4096}$/.test(v),
      'TMDB_API_TOKEN must be the API Read Access Token of a TMDB account (printable characters, no spaces)',
    ),
  TMDB_API_URL: url('TMDB_API_URL', ['http:', 'https:']),
  TMDB_IMAGE_URL: url('TMDB_IMAGE_URL', ['http:', 'https:']),
  TMDB_REQUESTS_PER_SECOND: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return TMDB_REQUESTS_PER_SECOND_DEFAULT;
      const n = Number(v.trim());
      if (/^\d+$/.test(v.trim()) && n >= 1 && n <= TMDB_REQUESTS_PER_SECOND_MAX) return n;
      ctx.addIssue({
        code: 'custom',
        message: `TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to ${TMDB_REQUESTS_PER_SECOND_MAX} (got "${v}")`,
      });
      return z.NEVER;
    }),
  EVENT_STREAMS_PER_ADDRESS: count('EVENT_STREAMS_PER_ADDRESS', 20),
  EVENT_STREAMS_MAX: count('EVENT_STREAMS_MAX', 20_000),
  WATCH_REGION: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const code = v.trim().toUpperCase();
      if (/^[A-Z]{2}$/.test(code) && code !== 'ZZ' && regionName(code) !== code) return code;
      ctx.addIssue({ code: 'custom', message: `WATCH_REGION must be a two-letter country code such as AU (got "${v}")` });
      return z.NEVER;
    }),
});

export interface ExternalLinks {
  newsletter: string;
  books: string;
  music: string;
  coffee: string;
  shop: string;
  contactEmail: string;
}

/**
 * The film database (docs/product.md §Film database): off without a token.
 * The server reads TMDB's API at apiUrl and images under imageUrl, nothing else.
 */
export interface FilmDatabaseConfig {
  /** the API Read Access Token, sent as a bearer token; undefined turns the feature off */
  token: string | undefined;
  apiUrl: string;
  imageUrl: string;
  /** ISO 3166-1 country of "where to watch" */
  watchRegion: string;
  /** its English name, e.g. Australia */
  watchRegionName: string;
  /** this process's budget of requests to TMDB, per second */
  requestsPerSecond: number;
}

/** A country's English name from its two-letter code; the code itself when unknown. */
export function regionName(code: string): string {
  return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset means: generate once and keep in DATA_DIR. */
  jwtSecret: string | undefined;
  /** Addresses (trimmed, lower-cased) whose verified account holds the reviewer role. */
  reviewers: ReadonlySet<string>;
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** What every rate-limit key in Redis starts with: apart, several deployments can share one Redis. */
  redisKeyPrefix: string;
  trustProxy: boolean | number | string;
  corsOrigins: string[];
  logLevel: string;
  links: ExternalLinks;
  filmDatabase: FilmDatabaseConfig;
  /** Open live-list streams (docs/product.md §Live list): per client address, and in this process. */
  eventStreams: { perAddress: number; max: number };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || /^(false|0|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A plain address: something@domain, no spaces, lists or display names. */
const ADDRESS = /^[^\s@,;<>()"]+@[^\s@,;<>()"]+\.[^\s@,;<>()"]+$/;

/** REVIEWERS names email addresses, never usernames: a name can be claimed, a mailbox must be proved. */
function parseReviewers(value: string | undefined): Set<string> {
  const addresses = (value ?? '')
    .split(',')
    .map((item) => emailKey(item))
    .filter(Boolean);
  const wrong = addresses.find((item) => !ADDRESS.test(item));
  if (wrong !== undefined) {
    throw new ConfigError(
      `REVIEWERS must list email addresses (the account that has verified one holds the reviewer role); "${wrong}" is not one`,
    );
  }
  return new Set(addresses);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    const message = issue?.message ?? 'is invalid';
    throw new ConfigError(message.startsWith(variable) ? message : `${variable}: ${message}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const contactEmail = e.CONTACT_EMAIL || 'hello@thefilmlist.example';
  if (!/^[^\s@]+@[^\s@]+$/.test(contactEmail)) {
    throw new ConfigError(`CONTACT_EMAIL must be an email address (got "${contactEmail}")`);
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: e.HOST || '127.0.0.1',
    dataDir: path.resolve(e.DATA_DIR || './data'),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM || `The Film List <no-reply@${new URL(publicUrl).hostname}>`,
    jwtSecret: e.JWT_SECRET || undefined,
    reviewers: parseReviewers(e.REVIEWERS),
    seedDemo: e.SEED_DEMO ?? true,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX || RATE_LIMIT_PREFIX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL ?? 'info',
    links: {
      newsletter: e.NEWSLETTER_URL ?? 'https://newsletter.thefilmlist.example',
      books: e.BOOKS_URL ?? 'https://books.thefilmlist.example',
      music: e.MUSIC_URL ?? 'https://music.thefilmlist.example',
      coffee: e.COFFEE_URL ?? 'https://coffee.thefilmlist.example',
      shop: e.SHOP_URL ?? 'https://shop.thefilmlist.example',
      contactEmail,
    },
    filmDatabase: {
      token: e.TMDB_API_TOKEN || undefined,
      apiUrl: (e.TMDB_API_URL ?? 'https://api.themoviedb.org/3').replace(/\/+$/, ''),
      imageUrl: (e.TMDB_IMAGE_URL ?? 'https://image.tmdb.org/t/p').replace(/\/+$/, ''),
      watchRegion: e.WATCH_REGION ?? 'AU',
      watchRegionName: regionName(e.WATCH_REGION ?? 'AU'),
      requestsPerSecond: e.TMDB_REQUESTS_PER_SECOND,
    },
    eventStreams: { perAddress: e.EVENT_STREAMS_PER_ADDRESS, max: e.EVENT_STREAMS_MAX },
  };
}
