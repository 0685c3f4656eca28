// Tables of stored assignment outcomes and credits (学分, migration 0047), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };
type IntDefault = ColumnType<number, number | undefined, number>;

export interface StuAssignmentOutcomeTable extends Tenant {
  id: string;
  assignmentId: string;
  userId: string;
  /** the requirements it was derived under (completion.ts signature) */
  sig: string;
  /** progress rows it was derived from: only grows */
  mark: IntDefault;
  done: IntDefault;
  /** epoch ms */
  finishedAt: number | null;
  /** JSON: [[done 0/1, at ms | null, score | null], …] */
  items: string;
  awardedAt: string | null;
  updateTime: string | null;
}
export interface StuCreditRuleTable extends Tenant {
  id: string;
  /** lesson | course | paper | hazard | activity | assignment */
  kind: string;
  points: IntDefault;
  latePoints: IntDefault;
  /** the kinds' order in CREDIT_KINDS */
  sortNo: IntDefault;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}
export interface StuCreditLedgerTable extends Tenant {
  id: string;
  userId: string;
  amount: number;
  /** what earned it, as titled then: the item, or the assignment for the bonus */
  reason: string;
  assignmentTitle: string;
  late: IntDefault;
  assignmentId: string;
  itemKind: string;
  itemId: string;
  createTime: string;
}

export interface CreditTables {
  stuAssignmentOutcome: StuAssignmentOutcomeTable;
  stuCreditRule: StuCreditRuleTable;
  stuCreditLedger: StuCreditLedgerTable;
}
