// The one Redis connection of a node for shared state (tokens, captchas, lock-out counters, the permission
// epoch). Every key starts with the configured prefix, so several installs or parallel test files can share
// one Redis server without seeing each other's keys.
import type { Redis } from 'ioredis';
import { lazyRequire } from '../lazy-require';

const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

export class SharedRedis {
  readonly client: Redis;

  constructor(
    url: string,
    readonly prefix: string,
  ) {
    // Fail a command after two reconnect attempts rather than queue it for ever while Redis is away.
    this.client = new (ioredis().Redis)(url, { maxRetriesPerRequest: 2 });
    // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
    this.client.on('error', () => {});
  }

  /** The full name of a key: prefix + parts joined by ':'. */
  key(...parts: string[]): string {
    return this.prefix + parts.join(':');
  }

  /** True when Redis answers a PING within `timeoutMs`. */
  async answers(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), timeoutMs)));
    try {
      return await Promise.race([this.client.ping().then((r) => r === 'PONG'), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.client.disconnect();
  }
}

/** The shared Redis of the configuration, or none (everything then lives in the database). */
export function connectSharedRedis(config: { redisUrl?: string; redisPrefix: string }): SharedRedis | undefined {
  return config.redisUrl ? new SharedRedis(config.redisUrl, config.redisPrefix) : undefined;
}
