import type { Kysely } from 'kysely';
import { makeCondition, type Condition, type FieldDef, type Rule } from '../query';
import { loadDataRuleGrants } from '../access/permissions';
import { camelCase } from '../db/names';
import type { ResourceField } from './types';

const CONDITIONS: Record<string, Rule> = {
  '=': 'eq',
  '!=': 'ne',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
  NOT_IN: 'not_in',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
  EMPTY: 'empty',
  NOT_EMPTY: 'not_empty',
};
export const DATA_RULE_CONDITIONS = Object.keys(CONDITIONS);

export interface RuleUser {
  id: string;
  username: string;
  orgCode?: string | null;
  tenantId: number;
  /** Reads every tenant's rows (the explicit cross-tenant permission). */
  allTenants?: boolean;
  /** The caller's permission codes, for rights that depend on the input (granting roles). */
  permissions?: () => Promise<ReadonlySet<string>>;
  /** The data rules granted on a menu, as the request's access holds them (else read here). */
  dataRuleGrants?: (menu: string) => Promise<readonly string[]>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The variables a rule value may name; never SQL, only values. */
export function ruleVariables(user: RuleUser, now = new Date()): Record<string, string> {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return {
    sys_user_code: user.username,
    sys_user_id: user.id,
    sys_org_code: user.orgCode ?? '',
    sys_date: date,
    sys_time: `${date} ${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
    tenant_id: String(user.tenantId),
  };
}

export function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(/#\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

export type DataRuleResult = { conditions: Condition[] } | { deny: true };

/**
 * The data rules of a menu that the user's roles grant, as list conditions. A rule that names a column
 * the resource does not declare, or a condition we do not support (custom SQL among them), hides every
 * row rather than none: a broken rule must not widen access.
 */
export async function dataRuleConditions(db: Kysely<any>, menu: string, user: RuleUser, fields: ResourceField[]): Promise<DataRuleResult> {
  // inside a transaction, read on it: the kept grants are read on the server's own connection, which
  // SQLite's one connection cannot give while the transaction holds it
  const ids = user.dataRuleGrants && !db.isTransaction ? await user.dataRuleGrants(menu) : await loadDataRuleGrants(db, user.id, menu);
  if (!ids.length) return { conditions: [] };
  const rules = (await db
    .selectFrom('sysPermissionDataRule')
    .select(['ruleColumn', 'ruleConditions', 'ruleValue'])
    .where('id', 'in', [...ids])
    .where('status', '=', '1')
    .execute()) as Array<{ ruleColumn: string | null; ruleConditions: string | null; ruleValue: string | null }>;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const vars = ruleVariables(user);
  const conditions: Condition[] = [];
  for (const r of rules) {
    const field = byName.get(camelCase(r.ruleColumn ?? ''));
    const condition = field && ruleCondition(field, r.ruleConditions ?? '', r.ruleValue ?? '', vars);
    if (!condition) return { deny: true };
    conditions.push(condition);
  }
  return { conditions };
}

/**
 * One rule (condition code as sys_permission_data_rule stores it, value with its variables) as a list
 * condition on the field; null for a condition we do not support or a value the field cannot hold.
 */
export function ruleCondition(field: FieldDef, operator: string, rawValue: string, vars: Record<string, string>): Condition | null {
  const rule = CONDITIONS[operator.toUpperCase()];
  if (!rule) return null;
  const value = substitute(rawValue, vars);
  try {
    return makeCondition(field, rule, rule === 'in' || rule === 'not_in' ? value.split(',') : value);
  } catch {
    return null;
  }
}
