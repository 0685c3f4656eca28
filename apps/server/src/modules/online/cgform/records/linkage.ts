import { sql } from 'kysely';
import type { Db } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import { dictStore } from '../../../system/dict/cache';
import { bindable, openSource, type DictReader } from '../../../system/dict/table-source';

// Options of the linked selects (联动组件, querySelectOptions): rows of a declared dictionary source, the
// first select by its condition, the next ones by the value chosen above (pidValue). The original sends
// the condition as SQL text; only equality terms on declared columns are accepted here
// (`col = 'v'`, `col = 5`, `col is null`, joined by and), each bound as a value.

export interface LinkageQuery {
  table: string;
  txt: string;
  key: string;
  idField?: string;
  pidField?: string;
  pidValue?: string;
  condition?: string;
}

export interface LinkageOption {
  id: string;
  store: string;
  label: string;
}

const TERM = /^\s*([a-z][a-z0-9_]{0,63})\s*(?:=\s*(?:'((?:[^'\\]|'')*)'|(-?\d+(?:\.\d+)?))|\s+is\s+null)\s*$/i;
const MAX_OPTIONS = 500;

function parseCondition(raw: string | undefined): Array<{ column: string; value: string | null }> {
  const text = (raw ?? '').trim();
  if (!text) return [];
  if (text.length > 500) throw new BizError('联动条件不合法');
  return text.split(/\s+and\s+/i).map((part) => {
    const m = TERM.exec(part);
    if (!m) throw new BizError('联动条件不合法：只支持“字段 = 值”的条件');
    const value = m[2] !== undefined ? m[2].replace(/''/g, "'") : m[3] !== undefined ? m[3] : null;
    return { column: m[1].toLowerCase(), value };
  });
}

export async function linkageOptions(db: Db, q: LinkageQuery, reader: DictReader): Promise<LinkageOption[]> {
  const source = await openSource(dictStore(db), q.table);
  const txt = source.column(q.txt);
  const key = source.column(q.key);
  const id = source.column(q.idField || 'id');
  let qb = (await source.rows(db, reader)).select([sql.ref(id.name).as('id'), sql.ref(key.name).as('store'), sql.ref(txt.name).as('label')]);
  for (const term of parseCondition(q.condition)) {
    const col = source.column(term.column);
    if (term.value === null) {
      qb = qb.where(sql.ref(col.name), 'is', null);
      continue;
    }
    const v = bindable(col, term.value);
    if (v === undefined) return [];
    qb = qb.where(sql.ref(col.name), '=', v);
  }
  if (q.pidValue !== undefined && q.pidValue !== '' && q.pidField) {
    const pid = source.column(q.pidField);
    const v = bindable(pid, q.pidValue);
    if (v === undefined) return [];
    qb = qb.where(sql.ref(pid.name), '=', v);
  }
  const rows = (await qb.orderBy(sql.ref(key.name)).limit(MAX_OPTIONS).execute()) as Array<{ id: unknown; store: unknown; label: unknown }>;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return rows.map((r) => ({ id: text(r.id), store: text(r.store), label: text(r.label) }));
}
