import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'behavio';

export interface TokenClaims {
  userId: string;
  firmId: string;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlMinutes: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ firm: claims.firmId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlMinutes}m`)
      .sign(this.key);
  }

  /** Undefined for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.firm !== 'string') return undefined;
      return { userId: payload.sub, firmId: payload.firm };
    } catch {
      return undefined;
    }
  }
}
