// Tables of online reports behind the popup picker (issue 6). Column types are camelCase, as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Audit = {
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
type IntDefault = ColumnType<number, number | undefined, number>;

/**
 * A report: instead of the original's free SQL it names one reportable table (a server-side
 * whitelist, see modules/online/report/reportable-tables.ts) and an optional fixed filter.
 */
export interface OnlCgreportHeadTable extends Audit {
  id: string;
  code: string;
  name: string;
  /** Key of the reportable-table whitelist, e.g. sys_user. */
  sourceTable: string;
  /** JSON list of `{ field, rule, val }` conditions (the advanced-query shape), checked against the whitelist. */
  sourceFilter: string | null;
  returnValField: string | null;
  returnTxtField: string | null;
  /** '1' multiple, '0' single (as in the original). */
  returnType: ColumnType<string, string | undefined, string>;
  content: string | null;
}

export interface OnlCgreportItemTable extends Audit {
  id: string;
  cgrheadId: string;
  /** camelCase column name of the source table (must be in its whitelist). */
  fieldName: string;
  fieldTxt: string | null;
  fieldWidth: number | null;
  /** String, Integer, Long, Double, BigDecimal, Date, Datetime. */
  fieldType: ColumnType<string, string | undefined, string>;
  isShow: IntDefault;
  isSearch: IntDefault;
  /** single (exact or *like*) or range (`<field>_begin` / `<field>_end`). */
  searchMode: ColumnType<string, string | undefined, string>;
  dictCode: string | null;
  orderNum: IntDefault;
}

/** A report parameter: `self_<paramName>` (or the default value) filters the column of that name by equality. */
export interface OnlCgreportParamTable extends Audit {
  id: string;
  cgrheadId: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: IntDefault;
}

export interface OnlineTables {
  onlCgreportHead: OnlCgreportHeadTable;
  onlCgreportItem: OnlCgreportItemTable;
  onlCgreportParam: OnlCgreportParamTable;
}
