import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { SharedRedis } from '../redis/shared-redis';

/**
 * Current permission epoch: bumped by database triggers on any change to menus, grants, roles, role or
 * tenant membership and tenants, so any node can tell with one tiny query whether a cached answer is current.
 */
export async function permissionEpoch(db: Db): Promise<number> {
  const row = await db.selectFrom('sysPermEpoch').select('epoch').where('id', '=', 1).executeTakeFirst();
  return Number(row?.epoch ?? 0);
}

/** The epoch caches of permission answers compare with: any change to grants gives a different value. */
export interface PermissionEpochs {
  current(): Promise<number>;
  /** Called once a request that may have written is answered (after its transaction committed). */
  afterWrite(): Promise<void>;
}

/** The database's epoch itself, one query per read (one node, or several on one database without Redis). */
export class DbPermissionEpochs implements PermissionEpochs {
  constructor(readonly db: Db) {}

  current(): Promise<number> {
    return permissionEpoch(this.db);
  }

  /** The epoch as a column of another statement on this database (the guard's read of the user). */
  column(): RawBuilder<number> {
    return sql<number>`${this.db.selectFrom('sysPermEpoch').select('epoch').where('id', '=', 1)}`;
  }

  async afterWrite(): Promise<void> {}
}

// INCR, but a missing key starts from the clock in ms, above any count it had before it was lost.
const BUMP = `if redis.call('EXISTS', KEYS[1]) == 0 then redis.call('SET', KEYS[1], ARGV[1]) end
return redis.call('INCR', KEYS[1])`;

/**
 * The epoch in Redis (`perm-epoch`), so a request checks it without touching the database. The database's
 * triggers still count every change; a node that answered a writing request compares that count with the
 * one it last saw and, if it moved, INCRs the Redis epoch before the answer leaves, so once a change is
 * answered every node's next request sees it. A node also INCRs at start (its seeding may have changed
 * grants). Changes made outside the server (a script on the database) need a restart of any node or an
 * INCR of the key by hand.
 */
export class RedisPermissionEpochs implements PermissionEpochs {
  private seenDbEpoch: number | undefined;
  private started = false;

  constructor(
    private readonly db: Db,
    private readonly redis: SharedRedis,
  ) {}

  private get key() {
    return this.redis.key('perm-epoch');
  }

  private async bump(): Promise<number> {
    return Number(await this.redis.client.eval(BUMP, 1, this.key, String(Date.now())));
  }

  private async start(): Promise<void> {
    this.seenDbEpoch = await permissionEpoch(this.db);
    await this.bump();
    this.started = true;
  }

  async current(): Promise<number> {
    if (!this.started) await this.start();
    const value = await this.redis.client.get(this.key);
    // A Redis that lost the key (restarted without persistence) must not count again from 1.
    return value === null ? this.bump() : Number(value);
  }

  async afterWrite(): Promise<void> {
    if (!this.started) return this.start();
    const now = await permissionEpoch(this.db);
    if (now === this.seenDbEpoch) return;
    await this.bump();
    this.seenDbEpoch = now;
  }
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Lets the epochs learn of changes: after every request that may write, before its answer is sent. */
export function installEpochPublisher(app: FastifyInstance, epochs: PermissionEpochs): void {
  if (epochs instanceof DbPermissionEpochs) return;
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_ONLY_METHODS.has(request.method)) await epochs.afterWrite();
    return payload;
  });
}
