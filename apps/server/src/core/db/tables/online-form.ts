import type { ColumnType } from 'kysely';

// Tables of online forms (issue 15, migration 0023). Column types are camelCase, as the CamelCasePlugin
// presents them.

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** onl_cgform_head: one online form. */
export interface OnlCgformHeadTable {
  id: string;
  /** The physical table's name (^[a-z][a-z0-9_]{1,63}$); a copy view (copyType 1) shares its original's. */
  tableName: string;
  /** 1 single, 2 main, 3 sub (dictionary cgform_table_type). */
  tableType: Defaulted<number>;
  tableVersion: Defaulted<number>;
  tableTxt: string;
  isCheckbox: Defaulted<string>;
  /** 'Y' when the physical table matches the definition, 'N' when a sync is due. */
  isDbSynch: Defaulted<string>;
  isPage: Defaulted<string>;
  /** 'Y' for a tree table. */
  isTree: Defaulted<string>;
  idSequence: string | null;
  idType: string | null;
  /** 'single' | 'group' ... as the client sends. */
  queryMode: string | null;
  /** Sub forms: 0 one-to-many, 1 one-to-one. */
  relationType: number | null;
  /** Main forms: the table names of their subs, comma separated. */
  subTableStr: string | null;
  tabOrderNum: number | null;
  /** Tree: the parent id field (e.g. pid). */
  treeParentIdField: string | null;
  treeIdField: string | null;
  /** Tree: the has-child field (e.g. has_child, '0'/'1'). */
  treeFieldname: string | null;
  formCategory: Defaulted<string>;
  formTemplate: string | null;
  formTemplateMobile: string | null;
  themeTemplate: string | null;
  scroll: Defaulted<number | null>;
  copyVersion: number | null;
  /** 0 original, 1 copy view sharing the physical table of physicId. */
  copyType: Defaulted<number>;
  physicId: string | null;
  extConfigJson: string | null;
  isDesForm: string | null;
  desFormCode: string | null;
  lowAppId: string | null;
  /** Tenant of the creator (not in the original's table). */
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** onl_cgform_field: one field of a form. 0/1 flags as integers, as the original. */
export interface OnlCgformFieldTable {
  id: string;
  cgformHeadId: string;
  dbFieldName: string;
  dbFieldTxt: string | null;
  /** The column's name in the physical table when the field was renamed since the last sync. */
  dbFieldNameOld: string | null;
  dbIsKey: Defaulted<number | null>;
  dbIsNull: Defaulted<number | null>;
  dbIsPersist: Defaulted<number | null>;
  /** string, int, double, Date, Datetime, Time, BigDecimal, Text, Blob (as the client offers). */
  dbType: string;
  dbLength: Defaulted<number>;
  dbPointLength: number | null;
  dbDefaultVal: string | null;
  dictField: string | null;
  dictTable: string | null;
  dictText: string | null;
  fieldShowType: string | null;
  fieldHref: string | null;
  fieldLength: number | null;
  fieldValidType: string | null;
  fieldMustInput: string | null;
  fieldExtendJson: string | null;
  fieldDefaultValue: string | null;
  isQuery: Defaulted<number | null>;
  isShowForm: Defaulted<number | null>;
  isShowList: Defaulted<number | null>;
  isReadOnly: Defaulted<number | null>;
  queryMode: string | null;
  /** Sub forms: the main table this field refers to, and its field (usually id). */
  mainTable: string | null;
  mainField: string | null;
  orderNum: number | null;
  converter: string | null;
  queryDefVal: string | null;
  queryDictText: string | null;
  queryDictField: string | null;
  queryDictTable: string | null;
  queryShowType: string | null;
  queryConfigFlag: string | null;
  queryValidType: string | null;
  queryMustInput: string | null;
  sortFlag: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** onl_cgform_index: an index of a form's physical table. */
export interface OnlCgformIndexTable {
  id: string;
  cgformHeadId: string;
  indexName: string | null;
  indexNameOld: string | null;
  /** Field names, comma separated. */
  indexField: string | null;
  /** 'normal' or 'unique'. */
  indexType: string | null;
  isDbSynch: Defaulted<string>;
  delFlag: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface OnlineFormTables {
  onlCgformHead: OnlCgformHeadTable;
  onlCgformField: OnlCgformFieldTable;
  onlCgformIndex: OnlCgformIndexTable;
}
