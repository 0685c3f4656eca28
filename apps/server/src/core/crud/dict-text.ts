import type { Kysely } from 'kysely';
import type { ResourceField } from './types';

/** Adds `<field>_dictText` beside every dictionary-coded field, with one query for all codes used. */
export async function addDictTexts(db: Kysely<any>, fields: ResourceField[], records: Record<string, unknown>[]) {
  const coded = fields.filter((f) => f.dictCode && f.readable !== false);
  if (!coded.length || !records.length) return;
  const codes = [...new Set(coded.map((f) => f.dictCode!))];
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', codes)
    .where('d.delFlag', '=', 0)
    .execute();
  const texts = new Map<string, Map<string, string>>();
  for (const r of rows as Array<{ dictCode: string; itemValue: string; itemText: string }>) {
    if (!texts.has(r.dictCode)) texts.set(r.dictCode, new Map());
    texts.get(r.dictCode)!.set(String(r.itemValue), r.itemText);
  }
  for (const rec of records) {
    for (const f of coded) {
      const v = rec[f.name];
      if (v === null || v === undefined || v === '') {
        rec[`${f.name}_dictText`] = '';
        continue;
      }
      const map = texts.get(f.dictCode!);
      rec[`${f.name}_dictText`] = String(v)
        .split(',')
        .map((x) => map?.get(x) ?? x)
        .join(',');
    }
  }
}
