import { randomBytes, webcrypto } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_MS } from '@filmlist/shared/constants';

const ALGORITHM = 'HS256';
const AUDIENCE = 'thefilmlist:api';
const ISSUER = 'thefilmlist';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/** Short-lived JWTs (15 minutes) through jose, HS256 only. */
export class AccessTokens {
  /** Imported once: jose would import raw key bytes again at every sign and verify. */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt * 1000 + ACCESS_TOKEN_TTL_MS;
    const token = await new SignJWT({ typ: 'access', sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(await this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid access token, or null for anything else. */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId < 1) return null;
      return { userId, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}

/** JWT_SECRET when set; otherwise a secret generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
