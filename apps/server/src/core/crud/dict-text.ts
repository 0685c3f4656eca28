import type { Kysely } from 'kysely';
import type { ResourceField } from './types';

/**
 * Longest this node keeps a dictionary's texts: what bounds a change made on another node without a
 * shared bus, or in the database by hand. Changes through the server drop them at once (forgetDictTexts).
 */
export const DICT_TEXTS_TTL_MS = 60_000;

type Texts = Map<string, string>;
interface Kept {
  at: number;
  byCode: Map<string, Promise<Texts>>;
}
/** Per database handle (a transaction reads afresh): every list page needs them, they rarely change. */
const kept = new WeakMap<object, Kept>();

/** Drops the texts kept for `db`: the dictionary module calls it on every change, here and from other nodes. */
export function forgetDictTexts(db: Kysely<any>): void {
  kept.delete(db);
}

async function loadTexts(db: Kysely<any>, codes: string[]): Promise<Map<string, Texts>> {
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', codes)
    .where('d.delFlag', '=', 0)
    .execute();
  const texts = new Map<string, Texts>(codes.map((c) => [c, new Map()]));
  for (const r of rows as Array<{ dictCode: string; itemValue: string; itemText: string }>) texts.get(r.dictCode)?.set(String(r.itemValue), r.itemText);
  return texts;
}

/** The texts of these dictionaries, value → text, read once for all codes not kept yet. */
async function dictTexts(db: Kysely<any>, codes: string[]): Promise<Map<string, Texts>> {
  let entry = kept.get(db);
  if (!entry || Date.now() - entry.at > DICT_TEXTS_TTL_MS) kept.set(db, (entry = { at: Date.now(), byCode: new Map() }));
  const missing = codes.filter((c) => !entry.byCode.has(c));
  if (missing.length) {
    const loading = loadTexts(db, missing);
    // a failed read is not kept; a read begun before a change lands in the dropped entry only
    loading.catch(() => {
      for (const c of missing) entry.byCode.delete(c);
    });
    for (const c of missing) entry.byCode.set(c, loading.then((all) => all.get(c)!));
  }
  return new Map(await Promise.all(codes.map(async (c) => [c, await entry.byCode.get(c)!] as const)));
}

/** Adds `<field>_dictText` beside every dictionary-coded field. */
export async function addDictTexts(db: Kysely<any>, fields: ResourceField[], records: Record<string, unknown>[]) {
  const coded = fields.filter((f) => f.dictCode && f.readable !== false);
  if (!coded.length || !records.length) return;
  const texts = await dictTexts(db, [...new Set(coded.map((f) => f.dictCode!))]);
  for (const rec of records) {
    for (const f of coded) {
      const v = rec[f.name];
      if (v === null || v === undefined || v === '') {
        rec[`${f.name}_dictText`] = '';
        continue;
      }
      const map = texts.get(f.dictCode!);
      const value = String(v);
      // one value, mostly (an export decorates every row): no split
      rec[`${f.name}_dictText`] = value.includes(',')
        ? value
            .split(',')
            .map((x) => map?.get(x) ?? x)
            .join(',')
        : (map?.get(value) ?? value);
    }
  }
}
