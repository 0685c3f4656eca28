// A small publish/subscribe bus by channel. Messages are strings (JSON by convention). In one process
// it is an EventEmitter; with several server nodes it is Redis publish/subscribe, so a message
// published on one node reaches the subscribers of every node (announcement pushes to sockets).
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { lazyRequire } from '../lazy-require';

const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

export type BusHandler = (message: string) => void;

export interface MessageBus {
  publish(channel: string, message: string): Promise<void>;
  /** Resolves once the subscription is active; answers the function that ends it. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Delivers to the subscribers of this process only. */
export class InProcessBus implements MessageBus {
  private readonly events = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    this.events.emit(channel, message);
  }

  async subscribe(channel: string, handler: BusHandler) {
    this.events.on(channel, handler);
    return async () => {
      this.events.off(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

/** Redis publish/subscribe: one connection publishes, one (in subscriber mode) listens for this node. */
export class RedisBus implements MessageBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new InProcessBus();
  private readonly counts = new Map<string, number>();

  constructor(url: string) {
    // Fail fast rather than queue publishes for ever while Redis is away.
    const opts = { maxRetriesPerRequest: 2, lazyConnect: false };
    this.pub = new (ioredis().Redis)(url, opts);
    // No ready check on the subscriber: a SUBSCRIBE sent while the check's INFO is still in flight puts the
    // connection in subscriber mode, the INFO then fails, ioredis drops the connection and reconnects without
    // the channel, and this node never hears another push.
    this.sub = new (ioredis().Redis)(url, { ...opts, enableReadyCheck: false });
    this.sub.on('message', (channel: string, message: string) => void this.local.publish(channel, message));
    // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
    for (const c of [this.pub, this.sub]) c.on('error', () => {});
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.pub.publish(channel, message);
  }

  async subscribe(channel: string, handler: BusHandler) {
    const n = this.counts.get(channel) ?? 0;
    this.counts.set(channel, n + 1);
    if (n === 0) await this.sub.subscribe(channel);
    const off = await this.local.subscribe(channel, handler);
    return async () => {
      await off();
      const left = (this.counts.get(channel) ?? 1) - 1;
      this.counts.set(channel, left);
      if (left === 0) {
        this.counts.delete(channel);
        // Redis away (a node shutting down during an outage): nothing to undo on a connection that is gone.
        await this.sub.unsubscribe(channel).catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

/** The bus the configuration asks for: Redis when a URL is given, else in-process. */
export function createBus(redisUrl?: string): MessageBus {
  return redisUrl ? new RedisBus(redisUrl) : new InProcessBus();
}
