import type { ColumnType } from 'kysely';

// Per-role authorization of online forms (issue 15, migration 0028), the original's onl_auth_* tables.
// Column types are camelCase, as the CamelCasePlugin presents them.

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * onl_auth_page: a field or button of a form put under control. A field has up to three rows (list
 * visible, form visible, form editable); a button one. Enabled rows (status 1) hold for everybody
 * whose roles are not granted them.
 */
export interface OnlAuthPageTable {
  id: string;
  cgformId: string;
  /** The field's name or the button's code. */
  code: string;
  /** 1 field, 2 button. */
  type: number;
  /** 3 editable, 5 visible. */
  control: number;
  /** 3 list, 5 form. */
  page: number;
  /** 1 enabled, 0 disabled. */
  status: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** onl_auth_data: a row condition of a form (a data rule); roles granted it see only matching rows. */
export interface OnlAuthDataTable {
  id: string;
  cgformId: string;
  ruleName: string;
  ruleColumn: string | null;
  /** A condition of sys_permission_data_rule (=, !=, >, IN, LIKE, …); custom SQL is never stored. */
  ruleOperator: string;
  /** A value, or a variable such as #{sys_user_code}. */
  ruleValue: string | null;
  status: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** onl_auth_relation: a rule (onl_auth_page or onl_auth_data row) granted to a role, a department or a user. */
export interface OnlAuthRelationTable {
  id: string;
  roleId: string;
  authId: string;
  /** 1 field, 2 button, 3 data. */
  type: number;
  cgformId: string;
  /** 'role', 'depart' or 'user': what roleId names. */
  authMode: Defaulted<string>;
}

export interface OnlineAuthTables {
  onlAuthPage: OnlAuthPageTable;
  onlAuthData: OnlAuthDataTable;
  onlAuthRelation: OnlAuthRelationTable;
}
