import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/connect';
import { formatDateTime } from '../db/time';

export interface TokenRecord {
  jti: string;
  userId: string;
  username: string;
  expiresAt: Date;
  clientIp?: string;
  userAgent?: string;
}

/**
 * Server-side registry of issued tokens. A token is honoured only while its entry exists and has not
 * expired, so revoking is deleting. A Redis implementation can replace the database one.
 */
export interface TokenStore {
  save(record: TokenRecord, now: Date): Promise<void>;
  /** True when the entry exists for that user and has not expired at `now`. */
  isActive(jti: string, userId: string, now: Date): Promise<boolean>;
  revoke(jti: string): Promise<void>;
  /** Revokes every token of a user except `keepJti` (used after a password change). */
  revokeUser(userId: string, keepJti?: string): Promise<number>;
  purgeExpired(now: Date): Promise<void>;
}

export class DbTokenStore implements TokenStore {
  constructor(readonly db: Db) {}

  /** isActive as a condition, for a statement that reads something else in the same round trip. */
  activeCondition(jti: string, userId: string, now: Date): RawBuilder<SqlBool> {
    const entry = this.db
      .selectFrom('sysUserToken')
      .select('id')
      .where('id', '=', jti)
      .where('userId', '=', userId)
      .where('expiresAt', '>', formatDateTime(now));
    return sql<SqlBool>`exists ${entry}`;
  }

  async save(record: TokenRecord, now: Date): Promise<void> {
    await this.db
      .insertInto('sysUserToken')
      .values({
        id: record.jti,
        userId: record.userId,
        username: record.username,
        expiresAt: formatDateTime(record.expiresAt),
        clientIp: record.clientIp?.slice(0, 100) ?? null,
        userAgent: record.userAgent?.slice(0, 500) ?? null,
        createTime: formatDateTime(now),
      })
      .execute();
  }

  async isActive(jti: string, userId: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('sysUserToken')
      .select('id')
      .where('id', '=', jti)
      .where('userId', '=', userId)
      .where('expiresAt', '>', formatDateTime(now))
      .executeTakeFirst();
    return row !== undefined;
  }

  async revoke(jti: string): Promise<void> {
    await this.db.deleteFrom('sysUserToken').where('id', '=', jti).execute();
  }

  async revokeUser(userId: string, keepJti?: string): Promise<number> {
    let q = this.db.deleteFrom('sysUserToken').where('userId', '=', userId);
    if (keepJti) q = q.where('id', '<>', keepJti);
    const res = await q.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async purgeExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('sysUserToken').where('expiresAt', '<=', formatDateTime(now)).execute();
  }
}
