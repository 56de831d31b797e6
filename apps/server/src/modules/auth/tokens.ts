import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

const ISSUER = 'behavio';

export interface TokenClaims {
  userId: string;
  firmId: string;
  /** The user's session epoch when the token was issued: a password change raises it. */
  sessionEpoch: number;
}

/** A verified token: its claims plus what a logout needs to revoke exactly this token. */
export interface VerifiedToken extends TokenClaims {
  tokenId: string;
  expiresAt: Date;
}

/**
 * Every claim our tokens carry, checked after the signature: a token signed with our key but
 * missing `exp`, or with a `sub` that is not a user id, is refused like a forged one, so it can
 * neither live forever nor reach a query that would fail on it.
 */
const claimsSchema = z.object({
  sub: z.uuid(),
  firm: z.uuid(),
  jti: z.uuid(),
  gen: z.number().int().min(0),
  exp: z.number().int(),
});

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ firm: claims.firmId, gen: claims.sessionEpoch })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setJti(randomUUID())
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /** Undefined for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<VerifiedToken | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return undefined;
      return {
        userId: claims.data.sub,
        firmId: claims.data.firm,
        sessionEpoch: claims.data.gen,
        tokenId: claims.data.jti,
        expiresAt: new Date(claims.data.exp * 1000),
      };
    } catch {
      return undefined;
    }
  }
}
