import type { ColumnType } from 'kysely';

// Custom buttons of online forms and graph reports (issue 15, migration 0029). Column types are camelCase,
// as the CamelCasePlugin presents them.

type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Audit = { createBy: string | null; createTime: string | null; updateBy: string | null; updateTime: string | null };

/** onl_cgform_button: a custom button of one form. */
export interface OnlCgformButtonTable extends Audit {
  id: string;
  cgformHeadId: string;
  /** ^[A-Za-z_$][A-Za-z0-9_$]*$, unique within the form; its right is online:form:<table>:btn:<code>. */
  buttonCode: string;
  buttonName: string;
  buttonIcon: string | null;
  /** link: a row action; button: the list's top bar (acts on the selected rows). */
  buttonStyle: Defaulted<string>;
  /** link: opens linkUrl; update: sets updateJson's values on the rows. */
  optType: Defaulted<string>;
  optPosition: string | null;
  exp: string | null;
  /** '1' active, '0' inactive. */
  buttonStatus: Defaulted<string>;
  orderNum: Defaulted<number>;
  linkUrl: string | null;
  updateJson: string | null;
}

/** onl_graphreport_head: one chart over one SELECT. */
export interface OnlGraphreportHeadTable extends Audit {
  id: string;
  name: string;
  code: string;
  cgrSql: string;
  xaxisField: string;
  yaxisField: string;
  yaxisText: string | null;
  content: string | null;
  graphType: Defaulted<string>;
  isCombination: string | null;
  displayTemplate: Defaulted<string>;
  dataType: Defaulted<string>;
  dbSource: string | null;
}

export interface OnlGraphreportItemTable extends Audit {
  id: string;
  graphreportHeadId: string;
  fieldName: string;
  fieldTxt: string | null;
  fieldType: string | null;
  isShow: Defaulted<string>;
  isTotal: Defaulted<string>;
  searchFlag: Defaulted<string>;
  searchMode: string | null;
  dictCode: string | null;
  orderNum: Defaulted<number>;
}

export interface OnlGraphreportParamsTable extends Audit {
  id: string;
  graphreportHeadId: string;
  paramName: string;
  paramTxt: string | null;
  paramValue: string | null;
  orderNum: Defaulted<number>;
}

export interface OnlineExtraTables {
  onlCgformButton: OnlCgformButtonTable;
  onlGraphreportHead: OnlGraphreportHeadTable;
  onlGraphreportItem: OnlGraphreportItemTable;
  onlGraphreportParams: OnlGraphreportParamsTable;
}
