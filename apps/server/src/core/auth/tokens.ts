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

  /** The claims of a token with a valid signature, not expired (signature check only). */
  verifySignature(token: string): TokenClaims | null {
    return verifyJwt(token, this.secret, Math.floor(this.clock.now().getTime() / 1000));
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
