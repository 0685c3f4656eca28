import { sql, type SelectQueryBuilder } from 'kysely';
import { applyFilters, type Condition } from '../../../../core/query';
import { ruleCondition, ruleVariables } from '../../../../core/crud';
import type { Db } from '../../../../core/db';
import { PermissionError } from '../../../../core/errors';
import type { FormModel } from '../records/model';
import { queryFields } from '../records/rows';
import type { DataCaller } from '../records/values';
import { AUTH_TYPE, CONTROL, PAGE } from './kinds';

// What the per-role rules of a form (权限控制, rules.ts) leave to one caller, and the form as that caller
// may use it. A rule that is enabled holds for everybody not granted it (through a role, a department or
// by name): a controlled field is hidden (list, form, detail, export) or read-only, a controlled button
// is hidden and its action refused. Data rules work the other way round: whoever is granted one sees
// only the rows that match (every granted rule at once).
// Values sent for a field the caller may not edit are ignored (as the original's disabled widgets send
// none), so an edit keeps the stored value and an add gets the field's default.

export interface FormGrants {
  listHidden: ReadonlySet<string>;
  formHidden: ReadonlySet<string>;
  readOnly: ReadonlySet<string>;
  deniedButtons: ReadonlySet<string>;
  /** Conditions of the data rules granted to the caller; deny when one of them cannot be applied. */
  rows: { conditions: Condition[] } | { deny: true };
}

/** Ids of the rules of the form granted to the caller: through a role, a department, or by name. */
async function grantedIds(db: Db, userId: string, cgformId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('onlAuthRelation as r')
    .select('r.authId')
    .where('r.cgformId', '=', cgformId)
    .where((eb) =>
      eb.or([
        eb.and([eb('r.authMode', '=', 'role'), eb('r.roleId', 'in', db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId))]),
        eb.and([eb('r.authMode', '=', 'depart'), eb('r.roleId', 'in', db.selectFrom('sysUserDepart').select('depId').where('userId', '=', userId))]),
        eb.and([eb('r.authMode', '=', 'user'), eb('r.roleId', '=', userId)]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.authId));
}

export async function grantsOf(db: Db, caller: DataCaller, form: FormModel): Promise<FormGrants> {
  const [granted, rules, dataRules] = await Promise.all([
    grantedIds(db, caller.id, form.id),
    db.selectFrom('onlAuthPage').select(['id', 'code', 'type', 'page', 'control']).where('cgformId', '=', form.id).where('status', '=', 1).execute(),
    db.selectFrom('onlAuthData').select(['id', 'ruleColumn', 'ruleOperator', 'ruleValue']).where('cgformId', '=', form.id).where('status', '=', 1).execute(),
  ]);
  const listHidden = new Set<string>();
  const formHidden = new Set<string>();
  const readOnly = new Set<string>();
  const deniedButtons = new Set<string>();
  for (const r of rules) {
    if (granted.has(r.id)) continue;
    if (r.type === AUTH_TYPE.button) deniedButtons.add(r.code);
    else if (r.page === PAGE.list) listHidden.add(r.code);
    else if (r.control === CONTROL.visible) formHidden.add(r.code);
    else readOnly.add(r.code);
  }
  const mine = dataRules.filter((r) => granted.has(r.id));
  if (!mine.length) return { listHidden, formHidden, readOnly, deniedButtons, rows: { conditions: [] } };
  const fields = new Map(queryFields(form).map((f) => [f.name, f]));
  const vars = { ...ruleVariables(caller), sys_user_name: caller.realname ?? caller.username };
  const conditions: Condition[] = [];
  for (const r of mine) {
    const field = fields.get(r.ruleColumn ?? '');
    const condition = field && ruleCondition(field, r.ruleOperator, r.ruleValue ?? '', vars);
    // a rule that cannot be applied (its column dropped since) hides every row rather than none
    if (!condition) return { listHidden, formHidden, readOnly, deniedButtons, rows: { deny: true } };
    conditions.push(condition);
  }
  return { listHidden, formHidden, readOnly, deniedButtons, rows: { conditions } };
}

/** Fields the form's structure needs (key, tree, sub links): never hidden from the rows read. */
function structural(form: FormModel): Set<string> {
  const keep = new Set(['id']);
  if (form.tree) {
    keep.add(form.tree.pidField);
    if (form.tree.hasChildField) keep.add(form.tree.hasChildField);
  }
  if (form.link) keep.add(form.link.field);
  for (const s of form.subs) if (s.link) keep.add(s.link.mainField);
  return keep;
}

function rowScope(form: FormModel, rows: FormGrants['rows']): FormModel['rowScope'] {
  if ('deny' in rows) return (qb) => qb.where(sql<boolean>`1 = 0`) as typeof qb;
  if (!rows.conditions.length) return undefined;
  const fields = queryFields(form);
  return <Q extends SelectQueryBuilder<any, any, any>>(qb: Q) => applyFilters(qb, fields, { filters: rows.conditions }) as Q;
}

export type FormUse = 'list' | 'read' | 'write';

/**
 * The form as the caller may use it: `list` without the fields hidden from its list (columns, query,
 * rows, export), `read` without the fields hidden from its form and with the read-only ones marked
 * (form schema, form and detail rows), `write` with every field but those two kinds locked. The
 * caller's data rules scope every use.
 */
function restrict(form: FormModel, g: FormGrants, use: FormUse): FormModel {
  const keep = structural(form);
  const hidden = use === 'list' ? g.listHidden : use === 'read' ? g.formHidden : new Set<string>();
  const visible = (name: string) => keep.has(name) || !hidden.has(name);
  const mark = (f: FormModel['fields'][number]) => (use === 'read' && g.readOnly.has(f.name) ? { ...f, readOnly: true } : f);
  const fields = form.fields.filter((f) => visible(f.name)).map(mark);
  return {
    ...form,
    fields,
    virtualFields: form.virtualFields.filter((f) => visible(f.name)).map(mark),
    byName: new Map(fields.map((f) => [f.name, f])),
    rowScope: rowScope(form, g.rows),
    locked: use === 'write' ? new Set([...g.formHidden, ...g.readOnly].filter((n) => !keep.has(n))) : undefined,
  };
}

export interface FormAccess {
  /** The form (and its sub forms, each under its own rules) for one use. */
  view(use: FormUse): FormModel;
  /** Button codes the caller may not use (getColumns answers them in hideColumns). */
  hiddenButtons: string[];
  /** Refuses (403, code 510) when one of the buttons is controlled and not granted to the caller. */
  demandButton(...codes: string[]): void;
}

export async function formAccess(db: Db, caller: DataCaller, form: FormModel): Promise<FormAccess> {
  const grants = await grantsOf(db, caller, form);
  const subGrants = await Promise.all(form.subs.map((s) => grantsOf(db, caller, s)));
  return {
    view: (use) => ({ ...restrict(form, grants, use), subs: form.subs.map((s, i) => restrict(s, subGrants[i], use)) }),
    hiddenButtons: [...grants.deniedButtons],
    demandButton(...codes) {
      if (codes.some((c) => grants.deniedButtons.has(c))) throw new PermissionError();
    },
  };
}

/** Refuses a button's action (custom buttons too, by code) when it is controlled and not granted to the caller. */
export async function demandFormButton(db: Db, caller: DataCaller, form: FormModel, code: string): Promise<void> {
  (await formAccess(db, caller, form)).demandButton(code);
}

/** The form for one use by the caller, once the buttons named (those under rule) are granted to them. */
export async function formFor(db: Db, caller: DataCaller, form: FormModel, use: FormUse, ...buttons: string[]): Promise<FormModel> {
  const access = await formAccess(db, caller, form);
  access.demandButton(...buttons);
  return access.view(use);
}
