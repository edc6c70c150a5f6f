import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the defaults the README lists', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.reviewers.size).toBe(0);
    expect(config.eventStreams).toEqual({ perAddress: 20, max: 20_000 });
    expect(config.filmDatabase).toEqual({
      token: undefined,
      apiUrl: 'https://api.themoviedb.org/3',
      imageUrl: 'https://image.tmdb.org/t/p',
      watchRegion: 'AU',
      watchRegionName: 'Australia',
      requestsPerSecond: 20,
    });
  });

  it('reads the film database settings, with the region by its English name', () => {
    const config = loadConfig({
      TMDB_API_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.test-token.signature',
      TMDB_API_URL: 'http://127.0.0.1:9999/3/',
      TMDB_IMAGE_URL: 'http://127.0.0.1:9999/t/p',
      WATCH_REGION: 'nz',
      TMDB_REQUESTS_PER_SECOND: ' 8 ',
    });
    expect(config.filmDatabase).toEqual({
      token: 'eyJhbGciOiJIUzI1NiJ9.test-token.signature',
      apiUrl: 'http://127.0.0.1:9999/3',
      imageUrl: 'http://127.0.0.1:9999/t/p',
      watchRegion: 'NZ',
      watchRegionName: 'New Zealand',
      requestsPerSecond: 8,
    });
  });

  it('reads reviewers as a case-insensitive list of addresses and PUBLIC_URL without a trailing slash', () => {
    const config = loadConfig({
      REVIEWERS: ' Alice@Example.com, bob@films.example ,,',
      PUBLIC_URL: 'https://films.example/',
      PORT: '8080',
    });
    expect([...config.reviewers]).toEqual(['alice@example.com', 'bob@films.example']);
    expect(config.publicUrl).toBe('https://films.example');
    expect(config.port).toBe(8080);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be an integer/],
    [{ PORT: '70000' }, /^PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres: or postgresql: URL/],
    [{ PUBLIC_URL: 'films.example' }, /^PUBLIC_URL must be a http: or https: URL/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL must be/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SEED_DEMO: 'maybe' }, /^SEED_DEMO must be true or false/],
    [{ REVIEWERS: 'alice,bob@example.com' }, /^REVIEWERS must list email addresses .*"alice" is not one/],
    [{ REVIEWERS: 'Rita <rita@example.com>' }, /^REVIEWERS must list email addresses/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ CONTACT_EMAIL: 'nobody' }, /^CONTACT_EMAIL must be an email address/],
    [{ TMDB_API_TOKEN: 'has a space in it, which no token has' }, /^TMDB_API_TOKEN must be the API Read Access Token/],
    [{ TMDB_API_TOKEN: 'short' }, /^TMDB_API_TOKEN must be/],
    [{ TMDB_API_URL: 'api.themoviedb.org/3' }, /^TMDB_API_URL must be a http: or https: URL/],
    [{ TMDB_IMAGE_URL: 'ftp://image.tmdb.org/t/p' }, /^TMDB_IMAGE_URL must be a http: or https: URL/],
    [{ WATCH_REGION: 'Australia' }, /^WATCH_REGION must be a two-letter country code/],
    [{ WATCH_REGION: 'QQ' }, /^WATCH_REGION must be a two-letter country code/],
    [{ TMDB_REQUESTS_PER_SECOND: '0' }, /^TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to 40 \(got "0"\)$/],
    [{ TMDB_REQUESTS_PER_SECOND: '41' }, /^TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to 40/],
    [{ TMDB_REQUESTS_PER_SECOND: '2.5' }, /^TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to 40/],
    [{ TMDB_REQUESTS_PER_SECOND: 'fast' }, /^TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to 40/],
    [{ TMDB_REQUESTS_PER_SECOND: '-5' }, /^TMDB_REQUESTS_PER_SECOND must be a whole number from 1 to 40/],
  ])('refuses %j with one line naming the variable', (env, pattern) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(pattern);
    expect(message).not.toContain('\n');
  });

  it('reads the live-list stream limits, and refuses anything but a whole number of at least 1 in one line', () => {
    expect(loadConfig({ EVENT_STREAMS_PER_ADDRESS: '5', EVENT_STREAMS_MAX: '100000' }).eventStreams).toEqual({
      perAddress: 5,
      max: 100_000,
    });
    for (const value of ['0', '-1', '2.5', 'many', '1e3', ' ', '99999999999999999999']) {
      for (const name of ['EVENT_STREAMS_PER_ADDRESS', 'EVENT_STREAMS_MAX']) {
        if (value.trim() === '') {
          expect(() => loadConfig({ [name]: value })).not.toThrow();
          continue;
        }
        expect(() => loadConfig({ [name]: value })).toThrow(
          new ConfigError(`${name} must be a whole number of at least 1 (got "${value}")`),
        );
      }
    }
  });

  it('keys the rate limits in Redis under filmlist:rl: unless REDIS_KEY_PREFIX says otherwise, and refuses a prefix with spaces', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('filmlist:rl:');
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).redisKeyPrefix).toBe('filmlist:rl:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:rl:' }).redisKeyPrefix).toBe('staging:rl:');
    for (const value of ['two words', 'x'.repeat(101), 'tab\there']) {
      expect(() => loadConfig({ REDIS_KEY_PREFIX: value })).toThrow(
        new ConfigError('REDIS_KEY_PREFIX must be 1 to 100 printable characters, no spaces'),
      );
    }
  });

  it('never echoes a password from a URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(/user:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toThrow(/hunter2/);
  });
});
