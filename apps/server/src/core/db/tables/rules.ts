import type { ColumnType } from 'kysely';

// Tables of categories, check rules and fill rules (issue 4). Column types are camelCase, as the CamelCasePlugin presents them.

type Audit = {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};

/** The category tree (分类字典): roots have pid '0'; codes encode the path (A01, A01A01, …). */
export interface SysCategoryTable extends Audit {
  id: string;
  pid: ColumnType<string, string | undefined, string>;
  name: string;
  code: string | null;
  /** '1' when the node has children, else '0' (kept by every write). */
  hasChild: ColumnType<string, string | undefined, string>;
  sysOrgCode: string | null;
  tenantId: ColumnType<number, number | undefined, number>;
}

/** A check rule: ruleJson is a JSON array of `{ digits, pattern, message }` parts. */
export interface SysCheckRuleTable extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
}

/** A fill rule: ruleClass names one built-in kind, ruleParams is its JSON parameters. */
export interface SysFillRuleTable extends Audit {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams: string | null;
}

/** The last number a fill rule handed out, per period ('' when it never resets, else YYYYMMDD). */
export interface SysFillRuleSeqTable {
  ruleCode: string;
  period: string;
  /** bigint: PostgreSQL answers it as text. */
  value: ColumnType<number | string, number, number>;
}

export interface RuleTables {
  sysCategory: SysCategoryTable;
  sysCheckRule: SysCheckRuleTable;
  sysFillRule: SysFillRuleTable;
  sysFillRuleSeq: SysFillRuleSeqTable;
}
