import type { Db } from '../../../core/db';

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
}

function toOption(row: { itemValue: string; itemText: string; itemColor: string | null }): DictOption {
  const option: DictOption = { value: row.itemValue, text: row.itemText, title: row.itemText, label: row.itemText };
  if (row.itemColor) option.color = row.itemColor;
  return option;
}

function enabledItems(db: Db) {
  return db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText', 'i.itemColor'])
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .orderBy('i.itemValue');
}

/** Every enabled item of every dictionary, by dictionary code (the browser caches this at login). */
export async function allDictItems(db: Db): Promise<Record<string, DictOption[]>> {
  const map: Record<string, DictOption[]> = {};
  for (const row of await enabledItems(db).execute()) (map[row.dictCode] ??= []).push(toOption(row));
  return map;
}

/** Enabled items of one plain dictionary; an unknown code has none. */
export async function dictItems(db: Db, code: string): Promise<DictOption[]> {
  const rows = await enabledItems(db).where('d.dictCode', '=', code).execute();
  return rows.map(toOption);
}
