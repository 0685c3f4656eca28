import { SESSION_TTL_MS } from '@anxue/shared';
import { newId, type Clock } from '../db/time';
import { signJwt, verifyJwt, type TokenClaims } from './jwt';
import type { RawBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import { DbTokenStore, type TokenStore } from './token-store';

export interface IssueInput {
  userId: string;
  username: string;
  clientIp?: string;
  userAgent?: string;
}

/** Verified tokens kept (see TokenService.verified): about one per signed-in client. */
const VERIFIED_KEPT = 2_000;

/** Issues signed tokens registered in the store, and checks presented ones against both. */
export class TokenService {
  constructor(
    private readonly secret: string,
    readonly store: TokenStore,
    private readonly clock: Clock,
    private readonly ttlMs = SESSION_TTL_MS,
  ) {}

  async issue(input: IssueInput): Promise<{ token: string; claims: TokenClaims }> {
    const now = this.clock.now();
    const iat = Math.floor(now.getTime() / 1000);
    const claims: TokenClaims = {
      sub: input.userId,
      username: input.username,
      jti: newId(),
      iat,
      exp: iat + Math.floor(this.ttlMs / 1000),
    };
    // Sign-in is a natural moment to drop sessions that ran out; nothing else needs a sweeper.
    await this.store.purgeExpired(now);
    await this.store.save(
      {
        jti: claims.jti,
        userId: input.userId,
        username: input.username,
        expiresAt: new Date(claims.exp * 1000),
        clientIp: input.clientIp,
        userAgent: input.userAgent,
      },
      now,
    );
    return { token: signJwt(claims, this.secret), claims };
  }

  /**
   * Tokens whose signature was checked lately, with their claims, most recently used last: a signed-in
   * client sends the same token with every call, and its HMAC was 6% of a list request's time. Expiry is
   * still checked on every call, and whether the token is still registered by the caller.
   */
  private readonly verified = new Map<string, Readonly<TokenClaims>>();

  /** The claims of a token with a valid signature, not expired (signature check only). */
  verifySignature(token: string): TokenClaims | null {
    const nowSeconds = Math.floor(this.clock.now().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      this.verified.delete(token);
      if (known.exp <= nowSeconds) return null;
      this.verified.set(token, known);
      return { ...known };
    }
    const claims = verifyJwt(token, this.secret, nowSeconds);
    if (!claims) return null;
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, Object.freeze({ ...claims }));
    return claims;
  }

  /**
   * authenticate, for a caller about to read `db` anyway: where the store is that database's, its check
   * comes back as a condition for the caller's statement (`entry`; no row: not registered), a round trip
   * fewer on every request; else it is checked here (`entry` true).
   */
  async authenticateWith(token: string, db: Db): Promise<{ claims: TokenClaims; entry: RawBuilder<SqlBool> | true } | null> {
    const claims = this.verifySignature(token);
    if (!claims) return null;
    const now = this.clock.now();
    if (this.store instanceof DbTokenStore && this.store.db === db) return { claims, entry: this.store.activeCondition(claims.jti, claims.sub, now) };
    return (await this.store.isActive(claims.jti, claims.sub, now)) ? { claims, entry: true } : null;
  }

  /** The claims of a token that is signed, unexpired and still registered; otherwise null. */
  async authenticate(token: string): Promise<TokenClaims | null> {
    const claims = this.verifySignature(token);
    if (!claims) return null;
    return (await this.store.isActive(claims.jti, claims.sub, this.clock.now())) ? claims : null;
  }
}
