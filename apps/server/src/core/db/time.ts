import { createHash, randomBytes } from 'node:crypto';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in server local time: the stored datetime format (sorts as text). */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A new primary key: 32 random hex characters. */
export function newId(): string {
  return randomBytes(16).toString('hex');
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
