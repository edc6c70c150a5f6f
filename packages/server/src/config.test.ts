import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the defaults of PRODUCT.md §2', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.trustProxy).toBe(false);
    expect(config.reviewers.size).toBe(0);
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

  it('never echoes a password from a URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).toThrow(/user:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' })).not.toThrow(/hunter2/);
  });
});
