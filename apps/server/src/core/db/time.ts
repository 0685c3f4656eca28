import { createHash, randomBytes } from 'node:crypto';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in server local time: the stored datetime format (sorts as text). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A new primary key: 32 hex characters, the creation time in milliseconds (12) then 80 random bits (20),
 * as UUIDv7 does. Keys made one after another sort together, so each insert lands at the end of the
 * primary key's index (and of every index that holds the key, like a link table's user_id) instead of on a
 * random page: a million-row import writes a few pages per thousand rows, not one page per row. The
 * random part keeps them unguessable; the time in them is the row's creation time, shown anyway.
 */
export function newId(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastPrefix = idPrefixAt(ms);
  }
  return lastPrefix + randomHex(20);
}
// an import makes thousands of ids within one millisecond
let lastMs = -1;
let lastPrefix = '';

/** What every newId made from `ms` on begins with, or sorts after. */
export function idPrefixAt(ms: number): string {
  return ms.toString(16).padStart(12, '0');
}

/** Random hex from a pooled string: one randomBytes per 8,192 characters instead of one per key. */
let pool = '';
let poolAt = 0;
export function randomHex(chars: number): string {
  if (poolAt + chars > pool.length) {
    pool = randomBytes(Math.max(4096, Math.ceil(chars / 2))).toString('hex');
    poolAt = 0;
  }
  const hex = pool.slice(poolAt, poolAt + chars);
  poolAt += chars;
  return hex;
}

/** A stable 32-hex key for seeded rows, so seeding twice (or on two nodes) finds the same row. */
export function seedId(name: string): string {
  return createHash('md5').update(`anxue-seed:${name}`).digest('hex');
}

/** Source of the current time; tests pass their own to move time forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
