/**
 * The tokens in tracking and unsubscribe links: compact, signed, and carrying everything
 * the public endpoint needs to find what was tracked, so nothing is stored per link.
 *
 * Layout before base64url: one byte naming the kind (open, click, unsubscribe, web version), the
 * recipient id's 12 bytes (ids are 24 hex characters), for a click the link's index as
 * two bytes, then the first 16 bytes of HMAC-SHA256 over all of that. An open token is
 * 39 characters, a click token 42. The key is derived (HKDF) from the installation's
 * secret with a purpose of its own, so it signs nothing else and the secret itself never
 * appears in a link. Signing is deterministic: composing a message again (a retry after
 * a crash) gives the same links and so the same bytes.
 *
 * Verification compares the MAC in constant time and answers only "valid, and this is
 * what it says" or nothing: the caller turns nothing into the same 404 as any unknown
 * path, whatever was wrong (length, kind, MAC).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type TrackingKind = 'open' | 'click' | 'unsubscribe' | 'webversion';

const KIND_BYTE: Record<TrackingKind, number> = { open: 0x6f, click: 0x63, unsubscribe: 0x75, webversion: 0x77 };
const KIND_OF_BYTE = new Map(Object.entries(KIND_BYTE).map(([kind, byte]) => [byte, kind as TrackingKind]));
const ID_BYTES = 12;
const MAC_BYTES = 16;
/** Links per message that can be tracked (the index is two bytes). */
export const MAX_TRACKED_LINKS = 0xffff;

export interface TrackingClaim {
  kind: TrackingKind;
  recipientId: string;
  /** Clicks only: which link of the message (0-based, in document order). */
  linkIndex?: number;
}

/** The key for tracking tokens, derived from the installation's secret (e.g. the JWT secret). */
export function deriveTrackingKey(installationSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', installationSecret, 'postwire', 'postwire tracking tokens v1', 32));
}

export class TrackingTokens {
  constructor(private readonly key: Buffer) {}

  sign(claim: TrackingClaim): string {
    if (!/^[0-9a-f]{24}$/.test(claim.recipientId)) throw new Error(`not a recipient id: ${claim.recipientId}`);
    const index = claim.kind === 'click' ? (claim.linkIndex ?? 0) : undefined;
    if (index !== undefined && (!Number.isInteger(index) || index < 0 || index > MAX_TRACKED_LINKS)) throw new Error(`link index out of range: ${index}`);
    const body = Buffer.alloc(1 + ID_BYTES + (index === undefined ? 0 : 2));
    body[0] = KIND_BYTE[claim.kind];
    body.write(claim.recipientId, 1, 'hex');
    if (index !== undefined) body.writeUInt16BE(index, 1 + ID_BYTES);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** What a genuine token says; undefined for anything else. */
  verify(token: string): TrackingClaim | undefined {
    if (token.length > 64 || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    const kind = KIND_OF_BYTE.get(bytes[0] ?? -1);
    if (!kind) return undefined;
    const bodyLength = 1 + ID_BYTES + (kind === 'click' ? 2 : 0);
    if (bytes.length !== bodyLength + MAC_BYTES) return undefined;
    const body = bytes.subarray(0, bodyLength);
    if (!timingSafeEqual(this.mac(body), bytes.subarray(bodyLength))) return undefined;
    // A re-encoding of the same bytes (base64url's unused trailing bits) is not the token we issued.
    if (bytes.toString('base64url') !== token) return undefined;
    const recipientId = body.subarray(1, 1 + ID_BYTES).toString('hex');
    return kind === 'click' ? { kind, recipientId, linkIndex: body.readUInt16BE(1 + ID_BYTES) } : { kind, recipientId };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, MAC_BYTES);
  }
}
