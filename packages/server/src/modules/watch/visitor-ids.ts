import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const HOUR_MS = 3_600_000;
/** A visitor's temporary id is accepted for 30 days (counted in whole hours); the browser then asks for another. */
export const VISITOR_ID_TTL_MS = 30 * 24 * HOUR_MS;
/** Instances whose clocks differ by up to an hour accept each other's ids. */
const CLOCK_SKEW_HOURS = 1;

const HEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Temporary ids the server signs instead of storing, so issuing one costs no
 * row however often GET /api/watch/generatetempid is called. Each is still a
 * UUID (version 8, RFC 9562's layout of one's own): bytes 0-2 the hour it was
 * issued, bytes 3-7 random, bytes 8-15 a truncated HMAC of bytes 0-7 (62 bits
 * once the variant takes its two). The key is derived from the JWT secret.
 */
export class VisitorIds {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('filmlist:watch-visitor-id:v1').digest();
  }

  issue(now: Date): string {
    const bytes = Buffer.alloc(16);
    bytes.writeUIntBE(hourOf(now), 0, 3);
    randomBytes(5).copy(bytes, 3);
    bytes.writeUInt8(0x80 | (bytes.readUInt8(6) & 0x0f), 6);
    this.mac(bytes).copy(bytes, 8);
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** 'ok' for an id this server issued within VISITOR_ID_TTL_MS, 'expired' for an older one, 'forged' for any other string. */
  check(id: string, now: Date): 'ok' | 'forged' | 'expired' {
    if (!HEX_UUID.test(id)) return 'forged';
    const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
    if (bytes.readUInt8(6) >> 4 !== 8) return 'forged';
    if (!timingSafeEqual(this.mac(bytes), bytes.subarray(8))) return 'forged';
    const age = hourOf(now) - bytes.readUIntBE(0, 3);
    if (age < -CLOCK_SKEW_HOURS || age >= VISITOR_ID_TTL_MS / HOUR_MS) return 'expired';
    return 'ok';
  }

  /** The signature of bytes 0-7, with the RFC 9562 variant bits in its first byte. */
  private mac(bytes: Buffer): Buffer {
    const mac = createHmac('sha256', this.key).update(bytes.subarray(0, 8)).digest().subarray(0, 8);
    mac.writeUInt8(0x80 | (mac.readUInt8(0) & 0x3f), 0);
    return mac;
  }
}

/** Hours since 1970: fits the 3 bytes until the year 3883. */
function hourOf(date: Date): number {
  return Math.floor(date.getTime() / HOUR_MS);
}
