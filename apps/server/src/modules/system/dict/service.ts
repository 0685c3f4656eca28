import type { Kysely } from 'kysely';
import { dictStore } from './cache';
import type { DictOption } from './plain';

export type { DictOption } from './plain';

/** Every enabled item of every dictionary, by dictionary code (the browser caches this at login). */
export async function allDictItems(db: Kysely<any>): Promise<Record<string, DictOption[]>> {
  return Object.fromEntries(await dictStore(db).plainDicts());
}

/** Enabled items of one plain dictionary; an unknown code has none. */
export async function dictItems(db: Kysely<any>, code: string): Promise<DictOption[]> {
  return (await dictStore(db).plainDicts()).get(code) ?? [];
}
