// Signed access and refresh tokens (jose, HS256). Verification pins the algorithm, audience,
// issuer and token kind, so a refresh token never passes as an access token.
import { SignJWT, jwtVerify } from 'jose';
import { randomToken } from './secrets';

const ISSUER = 'nmc-exam-prep';
const AUDIENCE = 'nmc-exam-prep-app';
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
export const REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;

export type TokenKind = 'access' | 'refresh';

export interface TokenClaims {
  userId: number;
  familyId: string;
  kind: TokenKind;
  expiresAt: Date;
}

/** Verified access tokens kept; each is checked once, not on every request of a quiz. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly verified = new Map<string, TokenClaims>();

  constructor(private readonly secret: Uint8Array) {}

  async sign(kind: TokenKind, userId: number, familyId: string, ttlSeconds: number): Promise<string> {
    return new SignJWT({ kind, fam: familyId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setJti(randomToken(12))
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.secret);
  }

  /**
   * The claims of a valid token of the expected kind, or null (never throws). A signature check
   * (WebCrypto HMAC) costs more than the rest of a catalogue read, so valid access tokens are
   * remembered until they expire. Revocation is still checked on every request, by the session-user
   * read of createContext (whose cached answer any write to users or refresh tokens drops).
   */
  async verify(token: string, kind: TokenKind): Promise<TokenClaims | null> {
    const known = kind === 'access' ? this.verified.get(token) : undefined;
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known;
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token, kind);
    if (claims && kind === 'access') {
      if (this.verified.size >= VERIFIED_CACHE_SIZE)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string, kind: TokenKind): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        // jose accepts a token without exp (valid forever) unless the claim is required.
        requiredClaims: ['exp', 'sub'],
      });
      const userId = Number(payload.sub);
      if (payload.kind !== kind || typeof payload.fam !== 'string' || !Number.isSafeInteger(userId))
        return null;
      return { userId, familyId: payload.fam, kind, expiresAt: new Date(payload.exp! * 1000) };
    } catch {
      return null;
    }
  }
}
