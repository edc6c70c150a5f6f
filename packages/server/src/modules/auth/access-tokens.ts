import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_MS } from '@filmlist/shared/constants';

const ALGORITHM = 'HS256';
const AUDIENCE = 'thefilmlist:api';
const ISSUER = 'thefilmlist';
/** The longest life a token of ours has, in seconds; one that claims more was not made by sign(). */
const LIFE_SECONDS = ACCESS_TOKEN_TTL_MS / 1000;
/** How far ahead of this instance's clock another instance's may be when it issues a token. */
const CLOCK_SKEW_SECONDS = 60;
/**
 * An HS256 signature is 32 bytes, 43 base64url characters; the last one carries two spare bits, which
 * must be zero (RFC 4648, section 3.5), so a token has one spelling and not four.
 */
const CANONICAL_SIGNATURE = /\.[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** What an access token of ours carries beside the audience and the issuer the verifier checks (times in seconds). */
const accessPayload = z.object({
  typ: z.literal('access'),
  sid: z.string(),
  sub: z.string().regex(/^[1-9][0-9]{0,15}$/),
  iat: z.number(),
  exp: z.number(),
  nbf: z.number().optional(),
});

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Short-lived JWTs (15 minutes), HS256 only, through fast-jwt, which checks an HMAC with node:crypto in the
 * request's own turn; WebCrypto's (jose) cost a vote a fifth of the app's CPU (decision 015). The signature,
 * the algorithm, the audience, the issuer and the claims are the library's to check; the times are checked here
 * against the app's clock, which tests move.
 */
export class AccessTokens {
  private readonly signer: (payload: Record<string, unknown>) => string;
  private readonly verifier: (token: string) => unknown;

  constructor(secret: string) {
    this.signer = createSigner({ key: secret, algorithm: ALGORITHM });
    this.verifier = createVerifier({
      key: secret,
      algorithms: [ALGORITHM],
      allowedAud: AUDIENCE,
      allowedIss: ISSUER,
      requiredClaims: ['sub', 'exp', 'iat', 'aud', 'iss'],
      ignoreExpiration: true,
      ignoreNotBefore: true,
      cache: false,
    });
  }

  sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: number }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = issuedAt * 1000 + ACCESS_TOKEN_TTL_MS;
    const token = this.signer({
      typ: 'access',
      sid: claims.sessionId,
      sub: String(claims.userId),
      aud: AUDIENCE,
      iss: ISSUER,
      iat: issuedAt,
      exp: Math.floor(expiresAt / 1000),
    });
    return Promise.resolve({ token, expiresAt });
  }

  /** The claims of a valid access token, or null for anything else. */
  verify(token: string, now: Date): Promise<AccessClaims | null> {
    return Promise.resolve(this.claims(token, now.getTime() / 1000));
  }

  private claims(token: string, nowSeconds: number): AccessClaims | null {
    if (!CANONICAL_SIGNATURE.test(token)) return null;
    let payload: unknown;
    try {
      payload = this.verifier(token);
    } catch {
      return null;
    }
    const parsed = accessPayload.safeParse(payload);
    if (!parsed.success) return null;
    const { sid, sub, iat, exp, nbf } = parsed.data;
    if (!(exp > nowSeconds) || (nbf !== undefined && nbf > nowSeconds)) return null;
    // Issued by sign(): not in the future, and for no longer than an access token lives.
    if (iat > nowSeconds + CLOCK_SKEW_SECONDS || exp - iat > LIFE_SECONDS) return null;
    const userId = Number(sub);
    if (!Number.isSafeInteger(userId)) return null;
    return { userId, sessionId: sid };
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
