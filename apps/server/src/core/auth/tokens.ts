import { SESSION_TTL_MS } from '@anxue/shared';
import { newId, type Clock } from '../db/time';
import { signJwt, verifyJwt, type TokenClaims } from './jwt';
import type { RawBuilder, SqlBool } from 'kysely';
import type { MessageBus } from '../bus';
import type { Db } from '../db/connect';
import { DbTokenStore, type TokenStore } from './token-store';

export interface IssueInput {
  userId: string;
  username: string;
  clientIp?: string;
  userAgent?: string;
}

/** The bus channel of ended sessions: every node closes the sockets those sessions opened. */
export const TOKENS_REVOKED = 'auth.tokens-revoked';

/** Sessions ended at once: one token (`jti`), or every token of a user but `keepJti`. */
export type Revocation = { jti: string } | { userId: string; keepJti?: string };

/** Whether a revocation ends the session of that user and token. */
export function revocationEnds(r: Revocation, session: { userId: string; jti: string }): boolean {
  if ('jti' in r) return r.jti === session.jti;
  return r.userId === session.userId && r.keepJti !== session.jti;
}

/** Verified tokens kept (see TokenService.verified): about one per signed-in client. */
const VERIFIED_KEPT = 2_000;

/**
 * Issues signed tokens registered in the store, and checks presented ones against both. Sessions end through
 * revoke and revokeUser, never the store's own: they also tell every node (the bus), whose open sockets of
 * those sessions then close.
 */
export class TokenService {
  private readonly ttlMs: number;
  private readonly bus?: MessageBus;

  constructor(
    private readonly secret: string,
    readonly store: TokenStore,
    private readonly clock: Clock,
    opts: { ttlMs?: number; bus?: MessageBus } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? SESSION_TTL_MS;
    this.bus = opts.bus;
  }

  /** Ends one session (sign-out, forced sign-out, one device signed out). */
  async revoke(jti: string): Promise<void> {
    await this.store.revoke(jti);
    await this.announce({ jti });
  }

  /** Ends every session of a user but `keepJti`; answers how many ended. */
  async revokeUser(userId: string, keepJti?: string): Promise<number> {
    const n = await this.store.revokeUser(userId, keepJti);
    // announced even when the store found none: a socket may outlive rows swept by other means
    await this.announce(keepJti ? { userId, keepJti } : { userId });
    return n;
  }

  private async announce(r: Revocation): Promise<void> {
    await this.bus?.publish(TOKENS_REVOKED, JSON.stringify(r));
  }

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
