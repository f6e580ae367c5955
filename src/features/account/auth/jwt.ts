/**
 * Access tokens: HS256 JWTs naming the user, the account and the session (refresh
 * family) they were issued in. Verification accepts HS256 only, so `alg: none` and
 * tokens signed with any other algorithm or secret are refused.
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import { systemClock, type Clock } from '../../../lib/clock.js';

export interface AccessClaims {
  userId: string;
  accountId: string;
  sessionId: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

const ISSUER = 'postwire';
const AUDIENCE = 'postwire-api';

export class JwtCodec {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: Omit<AccessClaims, 'exp'>, nowMs = this.clock.now()): Promise<{ token: string; exp: number }> {
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({ acc: claims.accountId, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, exp };
  }

  /** The claims of a valid token, or a reason it is not valid. */
  async verify(token: string): Promise<AccessClaims | { invalid: string }> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: new Date(this.clock.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.acc !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
        return { invalid: 'The access token is missing required claims.' };
      }
      return { userId: payload.sub, accountId: payload.acc, sessionId: payload.sid, exp: payload.exp };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { invalid: 'The access token has expired; request a new one from POST /token or POST /token/refresh.' };
      return { invalid: 'The access token is not valid.' };
    }
  }
}
