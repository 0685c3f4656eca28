// Redis figures for the original's Redis page, read from the Redis the install is configured with
// (REDIS_URL, the same one the message bus uses). Without Redis the calls say so.
import type { Redis } from 'ioredis';
import { lazyRequire } from '../../core/lazy-require';

const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

export const REDIS_NOT_CONFIGURED = '未配置 Redis（REDIS_URL），没有可显示的 Redis 信息';
const HISTORY_EVERY_MS = 60_000;
const HISTORY_SIZE = 60;

export interface RedisInfoRow {
  key: string;
  value: string;
  description: string;
}

export type RedisPoint = Record<string, number> & { create_time: number };

export class RedisProbe {
  private readonly client: Redis;
  private timer: NodeJS.Timeout | undefined;
  private readonly history: { dbSize: RedisPoint[]; memory: RedisPoint[] } = { dbSize: [], memory: [] };

  constructor(url: string) {
    this.client = new (ioredis().Redis)(url, { maxRetriesPerRequest: 1, lazyConnect: true });
    // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
    this.client.on('error', () => {});
  }

  async info(): Promise<RedisInfoRow[]> {
    const text = await this.client.info();
    const rows: RedisInfoRow[] = [];
    let section = '';
    for (const line of text.split(/\r?\n/)) {
      if (line.startsWith('#')) section = line.slice(1).trim();
      const at = line.indexOf(':');
      if (!line || line.startsWith('#') || at < 0) continue;
      rows.push({ key: line.slice(0, at), value: line.slice(at + 1), description: section });
    }
    return rows;
  }

  async keysSize(): Promise<RedisPoint> {
    return { dbSize: await this.client.dbsize(), create_time: Date.now() };
  }

  async memoryInfo(): Promise<RedisPoint> {
    const used = /used_memory:(\d+)/.exec(await this.client.info('memory'))?.[1];
    return { used_memory: Number(used ?? 0), create_time: Date.now() };
  }

  /** Key count and memory of the last hour, one point a minute (as the original). */
  metricsHistory() {
    return { dbSize: [...this.history.dbSize], memory: [...this.history.memory] };
  }

  async recordPoint(): Promise<void> {
    const [keys, memory] = await Promise.all([this.keysSize(), this.memoryInfo()]);
    for (const [list, point] of [[this.history.dbSize, keys], [this.history.memory, memory]] as const) {
      list.push(point);
      if (list.length > HISTORY_SIZE) list.shift();
    }
  }

  start(): void {
    this.timer = setInterval(() => void this.recordPoint().catch(() => {}), HISTORY_EVERY_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.client.disconnect();
  }
}
