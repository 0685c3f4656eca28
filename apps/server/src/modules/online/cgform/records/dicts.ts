import { sql } from 'kysely';
import type { Db } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import { dictStore } from '../../../system/dict/cache';
import { dictItems, type DictOption } from '../../../system/dict/service';
import { tableDictItems, tableDictTexts } from '../../../system/dict/table-dict';
import { bindable, openSource, type DictReader } from '../../../system/dict/table-source';
import type { FormField } from './model';

// Dictionaries of a form's fields: a plain dictionary code (dict_field), or a table dictionary
// (dict_table, dict_text, dict_field) read through the declared dictionary sources only, as every other
// table dictionary of the platform.

/** Widgets whose value is one or more dictionary codes. */
export const DICT_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi', 'sel_search']);
const TABLE = /^[a-z][a-z0-9_]{0,63}$/;

export type FieldDict = { kind: 'plain'; code: string } | { kind: 'table'; table: string; text: string; code: string };

export function dictOf(f: FormField): FieldDict | undefined {
  if (!DICT_VIEWS.has(f.view)) return undefined;
  if (f.dictTable) {
    if (!TABLE.test(f.dictTable) || !f.dictText || !f.dictCode) return undefined;
    return { kind: 'table', table: f.dictTable, text: f.dictText, code: f.dictCode };
  }
  if (f.dictCode) return { kind: 'plain', code: f.dictCode };
  return undefined;
}

/** The field's options (a table dictionary the caller may not read has none). */
export async function fieldOptions(db: Db, f: FormField, reader: DictReader): Promise<DictOption[]> {
  const d = dictOf(f);
  if (!d) return [];
  if (d.kind === 'plain') return dictItems(db, d.code);
  try {
    return await tableDictItems(db, dictStore(db), { table: d.table, text: d.text, code: d.code }, reader);
  } catch (err) {
    if (err instanceof BizError) return [];
    throw err;
  }
}

/** Adds `<field>_dictText` beside every dictionary field (comma lists translated item by item). */
export async function addDictTexts(db: Db, fields: FormField[], records: Record<string, unknown>[], reader: DictReader): Promise<void> {
  if (!records.length) return;
  for (const f of fields) {
    const d = dictOf(f);
    if (!d || !records.some((r) => f.name in r)) continue;
    const keysOf = (v: unknown) => (v === null || v === undefined || v === '' ? [] : String(v).split(','));
    let texts: Map<string, string>;
    if (d.kind === 'plain') {
      texts = new Map((await dictItems(db, d.code)).map((o) => [o.value, o.text]));
    } else {
      const keys = [...new Set(records.flatMap((r) => keysOf(r[f.name])))];
      texts = new Map();
      if (keys.length) {
        try {
          const found = await tableDictTexts(db, dictStore(db), { table: d.table, text: d.text, code: d.code }, keys, reader);
          keys.forEach((k, i) => texts.set(k, found[i]));
        } catch (err) {
          if (!(err instanceof BizError)) throw err;
        }
      }
    }
    for (const r of records) r[`${f.name}_dictText`] = keysOf(r[f.name]).map((k) => texts.get(k) ?? k).join(',');
  }
}

/** Refuses a value that is not one of the field's dictionary codes. */
export async function checkDictValue(db: Db, f: FormField, value: string, reader: DictReader): Promise<void> {
  const d = dictOf(f);
  if (!d) return;
  const keys = [...new Set(value.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!keys.length) return;
  const bad = () => new BizError(`${f.title}的值“${value.slice(0, 50)}”不在可选范围内`);
  if (d.kind === 'plain') {
    const allowed = new Set((await dictItems(db, d.code)).map((o) => o.value));
    if (keys.some((k) => !allowed.has(k))) throw bad();
    return;
  }
  const source = await openSource(dictStore(db), d.table);
  const code = source.column(d.code);
  const values = keys.map((k) => bindable(code, k));
  if (values.some((v) => v === undefined)) throw bad();
  const rows = await (await source.rows(db, reader))
    .select(sql.ref(code.name).as('v'))
    .where(sql.ref(code.name), 'in', values as Array<string | number>)
    .execute();
  const found = new Set(rows.map((r) => String((r as { v: unknown }).v)));
  if (values.some((v) => !found.has(String(v)))) throw bad();
}
