import type { Db } from '../db/connect';
import type { SharedRedis } from '../redis/shared-redis';
import { DbTokenStore, type TokenRecord, type TokenStore } from './token-store';

/**
 * Tokens with Redis as the authority on whether a token is honoured (one GET per request, on any node),
 * and the sys_user_token rows kept beside it as the listing of sessions (在线用户, 我的登录设备 and the
 * session count read those rows, with user names and addresses). Revoking removes the Redis key first, so a
 * revoked token is refused everywhere even if the row's deletion then fails; a row without its key is only a
 * stale line in a list. Tokens issued before Redis was configured have no key: their users sign in again.
 *
 * Keys: `token:<jti>` = "<userId> <expiry ms>" with the token's lifetime as TTL; `user-tokens:<userId>` = the
 * set of that user's jtis, for revoking them all.
 */
export class RedisTokenStore implements TokenStore {
  private readonly rows: DbTokenStore;

  constructor(
    db: Db,
    private readonly redis: SharedRedis,
  ) {
    this.rows = new DbTokenStore(db);
  }

  private tokenKey(jti: string) {
    return this.redis.key('token', jti);
  }

  private userKey(userId: string) {
    return this.redis.key('user-tokens', userId);
  }

  async save(record: TokenRecord, now: Date): Promise<void> {
    const ttl = Math.max(1, record.expiresAt.getTime() - now.getTime());
    // Every session lasts as long, so the newest token's lifetime also covers the user's set.
    await this.redis.client
      .multi()
      .set(this.tokenKey(record.jti), `${record.userId} ${record.expiresAt.getTime()}`, 'PX', ttl)
      .sadd(this.userKey(record.userId), record.jti)
      .pexpire(this.userKey(record.userId), ttl)
      .exec();
    await this.rows.save(record, now);
  }

  async isActive(jti: string, userId: string, now: Date): Promise<boolean> {
    const value = await this.redis.client.get(this.tokenKey(jti));
    if (!value) return false;
    const [owner, expires] = value.split(' ');
    return owner === userId && Number(expires) > now.getTime();
  }

  async revoke(jti: string): Promise<void> {
    const value = await this.redis.client.getdel(this.tokenKey(jti));
    if (value) await this.redis.client.srem(this.userKey(value.split(' ')[0]!), jti);
    await this.rows.revoke(jti);
  }

  async revokeUser(userId: string, keepJti?: string): Promise<number> {
    const jtis = (await this.redis.client.smembers(this.userKey(userId))).filter((j) => j !== keepJti);
    const ended = jtis.length ? await this.redis.client.del(...jtis.map((j) => this.tokenKey(j))) : 0;
    if (jtis.length) await this.redis.client.srem(this.userKey(userId), ...jtis);
    const rows = await this.rows.revokeUser(userId, keepJti);
    return Math.max(ended, rows);
  }

  /** Redis drops expired keys by itself; the listing rows are swept as before. */
  async purgeExpired(now: Date): Promise<void> {
    await this.rows.purgeExpired(now);
  }
}
