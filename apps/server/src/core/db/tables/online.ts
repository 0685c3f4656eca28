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
 * A report: either one SELECT (`cgrSql`, issue 15) on the main database or the data source `dbSource`,
 * or (the first kind, issue 6) one reportable table of a server-side whitelist
 * (modules/online/cgreport/reportable-tables.ts) with an optional fixed filter. An SQL report stores ''
 * in sourceTable.
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
  cgrSql: ColumnType<string | null, string | null | undefined, string | null>;
  dbSource: ColumnType<string | null, string | null | undefined, string | null>;
  /** bar | line | pie, or null for no chart. */
  chartType: ColumnType<string | null, string | null | undefined, string | null>;
  chartFieldX: ColumnType<string | null, string | null | undefined, string | null>;
  /** Comma list of value columns. */
  chartFieldsY: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OnlCgreportItemTable extends Audit {
  id: string;
  cgrheadId: string;
  /** Column of the SQL's result as named there, or (whitelist reports) a camelCase column of the source table. */
  fieldName: string;
  fieldTxt: string | null;
  fieldWidth: number | null;
  /** String, Integer, Long, Double, BigDecimal, Date, Datetime. */
  fieldType: ColumnType<string, string | undefined, string>;
  isShow: IntDefault;
  isSearch: IntDefault;
  /** single (exact or *like*) or range (`<field>_begin` / `<field>_end`); the original client writes range as 'group'. */
  searchMode: ColumnType<string, string | undefined, string>;
  dictCode: string | null;
  orderNum: IntDefault;
  /** '1': the column is summed over the whole result (totals row). */
  isTotal: ColumnType<string, string | undefined, string>;
  fieldHref: ColumnType<string | null, string | null | undefined, string | null>;
  replaceVal: ColumnType<string | null, string | null | undefined, string | null>;
  groupTitle: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A report parameter: `self_<paramName>` (or the default value). SQL reports bind it to `${paramName}`;
 * whitelist reports filter the column of that name by equality.
 */
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
