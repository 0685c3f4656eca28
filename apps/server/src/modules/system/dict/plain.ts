import type { Kysely } from 'kysely';

// Plain dictionaries (sys_dict + sys_dict_item): the option shape and the one query that loads them all.

export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
}

export function toOption(value: unknown, text: unknown, color?: string | null): DictOption {
  const t = text === null || text === undefined ? '' : String(text);
  const option: DictOption = { value: String(value), text: t, title: t, label: t };
  if (color) option.color = color;
  return option;
}

/** Every enabled item of every live dictionary, by code, in sort order. */
export async function loadPlainDicts(db: Kysely<any>): Promise<Map<string, DictOption[]>> {
  const rows = (await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText', 'i.itemColor'])
    .where('d.delFlag', '=', 0)
    .where('i.status', '=', 1)
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .orderBy('i.itemValue')
    .execute()) as Array<{ dictCode: string; itemValue: string; itemText: string; itemColor: string | null }>;
  const map = new Map<string, DictOption[]>();
  for (const r of rows) {
    let list = map.get(r.dictCode);
    if (!list) map.set(r.dictCode, (list = []));
    list.push(toOption(r.itemValue, r.itemText, r.itemColor));
  }
  return map;
}
