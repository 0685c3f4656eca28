import { createHash } from 'node:crypto';
import type { Db } from '../db/connect';
import { formatDateTime } from '../db/time';
import type { SharedRedis } from '../redis/shared-redis';

/** Wrong passwords from one address, within LOCK_MS of each other, that lock the account name there. */
export const LOCK_AFTER_FAILURES = 5;
/** How long such a lock lasts, and how long a run of failures is remembered. */
export const LOCK_MS = 10 * 60 * 1000;

/**
 * The key of a counter: the account name as typed (trimmed, lower-cased so that a case-insensitive
 * database collation cannot multiply the attempts) and the client address. Names that do not exist are
 * counted exactly like names that do, so the answers never tell which names exist.
 */
export interface AttemptKey {
  username: string;
  clientIp: string;
}

function normalize(key: AttemptKey): { id: string; username: string; clientIp: string } {
  const username = key.username.trim().toLowerCase().slice(0, 100);
  const clientIp = (key.clientIp || 'unknown').slice(0, 64);
  const id = createHash('sha256').update(`${username}\u0000${clientIp}`).digest('hex');
  return { id, username, clientIp };
}

/** The lock-out counters, wherever they live (the database, or Redis when configured). */
export interface LoginAttemptStore {
  /** True while the name is locked for this address at `now`. */
  isLocked(key: AttemptKey, now: Date): Promise<boolean>;
  /** Counts one wrong password; answers true when this failure locked the name for the address. */
  recordFailure(key: AttemptKey, now: Date): Promise<boolean>;
  /** Forgets the failures of this name from this address (after a right password). */
  clear(key: AttemptKey): Promise<void>;
  /** Forgets every failure and lock of a name, from every address (an administrator's unlock). */
  clearName(username: string): Promise<void>;
}

/**
 * Lock-out of password guessing, per account name AND client address: five wrong passwords (at sign-in
 * or when changing one's own password) from one address lock that name for that address for ten
 * minutes; the owner signing in from another address is not affected. Stored in sys_login_attempt so
 * every node sees the same counts.
 */
export class LoginAttempts implements LoginAttemptStore {
  constructor(private readonly db: Db) {}

  /** True while the name is locked for this address at `now`. */
  async isLocked(key: AttemptKey, now: Date): Promise<boolean> {
    const { id } = normalize(key);
    const row = await this.db.selectFrom('sysLoginAttempt').select('lockUntil').where('id', '=', id).executeTakeFirst();
    return !!row?.lockUntil && row.lockUntil > formatDateTime(now);
  }

  /**
   * Counts one wrong password; answers true when this failure locked the name for the address. A run
   * of failures older than LOCK_MS is forgotten, as are stale rows of other keys.
   */
  async recordFailure(key: AttemptKey, now: Date): Promise<boolean> {
    const k = normalize(key);
    const nowText = formatDateTime(now);
    const staleBefore = formatDateTime(new Date(now.getTime() - LOCK_MS));
    await this.db
      .deleteFrom('sysLoginAttempt')
      .where('updateTime', '<', staleBefore)
      .where((eb) => eb.or([eb('lockUntil', 'is', null), eb('lockUntil', '<=', nowText)]))
      .execute();

    const bump = () =>
      this.db
        .updateTable('sysLoginAttempt')
        .set((eb) => ({ failCount: eb('failCount', '+', 1), updateTime: nowText }))
        .where('id', '=', k.id)
        .executeTakeFirst();
    let res = await bump();
    if (Number(res.numUpdatedRows) === 0) {
      try {
        await this.db.insertInto('sysLoginAttempt').values({ ...k, failCount: 1, lockUntil: null, updateTime: nowText }).execute();
      } catch {
        // Another request created the row in between: count on it.
        res = await bump();
      }
    }
    const row = await this.db.selectFrom('sysLoginAttempt').select(['failCount', 'lockUntil']).where('id', '=', k.id).executeTakeFirst();
    if (!row || row.failCount < LOCK_AFTER_FAILURES) return false;
    await this.db
      .updateTable('sysLoginAttempt')
      .set({ failCount: 0, lockUntil: formatDateTime(new Date(now.getTime() + LOCK_MS)), updateTime: nowText })
      .where('id', '=', k.id)
      .execute();
    return true;
  }

  /** Forgets the failures of this name from this address (after a right password). */
  async clear(key: AttemptKey): Promise<void> {
    await this.db.deleteFrom('sysLoginAttempt').where('id', '=', normalize(key).id).execute();
  }

  /** Forgets every failure and lock of a name, from every address (an administrator's unlock). */
  async clearName(username: string): Promise<void> {
    await this.db.deleteFrom('sysLoginAttempt').where('username', '=', username.trim().toLowerCase()).execute();
  }
}

// One failure, atomically: a run older than LOCK_MS (by the app's clock) starts again at 1; reaching the
// limit replaces the run by a lock. KEYS: run hash, lock, the name's set of keys. ARGV: now, LOCK_MS, limit, id.
const RECORD_FAILURE = `
local now = tonumber(ARGV[1])
local lockMs = tonumber(ARGV[2])
local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
local n = 1
if last + lockMs > now then n = redis.call('HINCRBY', KEYS[1], 'n', 1) else redis.call('HSET', KEYS[1], 'n', 1) end
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], lockMs)
redis.call('SADD', KEYS[3], ARGV[4])
redis.call('PEXPIRE', KEYS[3], lockMs * 2)
if n >= tonumber(ARGV[3]) then
  redis.call('DEL', KEYS[1])
  redis.call('SET', KEYS[2], tostring(now + lockMs), 'PX', lockMs)
  return 1
end
return 0`;

/**
 * The same lock-out in Redis: `attempts:<id>` holds the run (count and last failure, expiring LOCK_MS after
 * it), `attempt-lock:<id>` the lock's end (expiring with it), `attempt-names:<name>` the ids of a name for
 * the administrator's unlock. Counting is one script, so concurrent failures on several nodes all count.
 */
export class RedisLoginAttempts implements LoginAttemptStore {
  constructor(private readonly redis: SharedRedis) {}

  async isLocked(key: AttemptKey, now: Date): Promise<boolean> {
    const until = await this.redis.client.get(this.redis.key('attempt-lock', normalize(key).id));
    return until !== null && Number(until) > now.getTime();
  }

  async recordFailure(key: AttemptKey, now: Date): Promise<boolean> {
    const k = normalize(key);
    const locked = await this.redis.client.eval(
      RECORD_FAILURE,
      3,
      this.redis.key('attempts', k.id),
      this.redis.key('attempt-lock', k.id),
      this.redis.key('attempt-names', k.username),
      String(now.getTime()),
      String(LOCK_MS),
      String(LOCK_AFTER_FAILURES),
      k.id,
    );
    return locked === 1;
  }

  async clear(key: AttemptKey): Promise<void> {
    const { id } = normalize(key);
    await this.redis.client.del(this.redis.key('attempts', id), this.redis.key('attempt-lock', id));
  }

  async clearName(username: string): Promise<void> {
    const namesKey = this.redis.key('attempt-names', normalize({ username, clientIp: '' }).username);
    const ids = await this.redis.client.smembers(namesKey);
    await this.redis.client.del(namesKey, ...ids.flatMap((id) => [this.redis.key('attempts', id), this.redis.key('attempt-lock', id)]));
  }
}
