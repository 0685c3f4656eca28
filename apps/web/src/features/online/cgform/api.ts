import type { OnlineColumnsResult, OnlineFieldProperty, OnlineFormItemResult, OnlineQueryInfoResult } from '@anxue/shared/online-data';

// Calls and shapes of the online form designer (Online表单开发) and of the generated pages, as the
// original client makes and reads them (views/super/online/cgform: cgform.api.ts, useOnlineTableContext,
// useAutoModal, OnlineForm, OnlineQueryForm). Flags are the original's strings: '1'/'0' on fields, 'Y'/'N'
// on the head.

export const CGFORM_PERMISSION = 'online:cgform';

export const CGFORM_API = {
  list: '/online/cgform/head/list',
  delete: '/online/cgform/head/delete',
  deleteBatch: '/online/cgform/head/deleteBatch',
  removeRecord: '/online/cgform/head/removeRecord',
  copyOnline: '/online/cgform/head/copyOnline',
  copyTable: '/online/cgform/head/copyOnlineTable',
  editHead: '/online/cgform/head/edit',
  doDbSynch: '/online/cgform/api/doDbSynch',
  addAll: '/online/cgform/api/addAll',
  editAll: '/online/cgform/api/editAll',
  fields: '/online/cgform/field/listByHeadId',
  indexes: '/online/cgform/index/listByHeadId',
  checkOnlyTable: '/online/cgform/api/checkOnlyTable',
} as const;

/** The generated pages' calls, all keyed by the form's head id. */
export const onlineApi = (id: string) => ({
  columns: `/online/cgform/api/getColumns/${id}`,
  queryInfo: `/online/cgform/api/getQueryInfoVue3/${id}`,
  data: `/online/cgform/api/getData/${id}`,
  treeData: `/online/cgform/api/getTreeData/${id}`,
  formItem: `/online/cgform/api/getFormItem/${id}`,
  /** POST (add) / PUT (edit) with `?tabletype=`, GET `form/{id}/{dataId}`, DELETE `form/{id}/{ids}`. */
  form: `/online/cgform/api/form/${id}`,
  exportXls: `/online/cgform/api/exportXlsOld/${id}`,
  importXls: `/online/cgform/api/importXls/${id}`,
});

export type Flag = '1' | '0';
export type YN = 'Y' | 'N';

export interface CgformHead {
  id: string;
  tableName: string;
  tableTxt: string;
  /** 1 single, 2 main, 3 sub. */
  tableType: number;
  tableVersion?: number;
  isCheckbox?: YN;
  isDbSynch?: YN;
  isPage?: YN;
  isTree?: YN;
  treeParentIdField?: string | null;
  /** The has-child field (has_child). */
  treeIdField?: string | null;
  /** The column that shows the tree. */
  treeFieldname?: string | null;
  queryMode?: string;
  /** 0 one-to-many, 1 one-to-one (of a sub table). */
  relationType?: number | null;
  subTableStr?: string | null;
  tabOrderNum?: number | null;
  formCategory?: string;
  formTemplate?: string;
  themeTemplate?: string;
  scroll?: number;
  extConfigJson?: string | null;
  copyType?: number;
  physicId?: string | null;
  hascopy?: number;
  createTime?: string;
}

export interface CgformField {
  id: string;
  cgformHeadId?: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbFieldNameOld?: string | null;
  dbIsKey?: Flag;
  dbIsNull?: Flag;
  dbIsPersist?: Flag;
  dbType: string;
  dbLength?: number;
  dbPointLength?: number;
  dbDefaultVal?: string | null;
  dictField?: string | null;
  dictTable?: string | null;
  dictText?: string | null;
  fieldShowType?: string;
  fieldHref?: string | null;
  fieldLength?: number | string;
  fieldValidType?: string | null;
  fieldMustInput?: Flag;
  fieldExtendJson?: string | null;
  fieldDefaultValue?: string | null;
  isQuery?: Flag;
  isShowForm?: Flag;
  isShowList?: Flag;
  isReadOnly?: Flag;
  queryMode?: string;
  mainTable?: string | null;
  mainField?: string | null;
  orderNum?: number;
  sortFlag?: Flag;
  converter?: string | null;
}

export interface CgformIndex {
  id: string;
  cgformHeadId?: string;
  indexName: string;
  indexField: string;
  indexType: string;
  isDbSynch?: YN;
}

/** Body of addAll / editAll. */
export interface CgformSaveBody {
  head: Partial<CgformHead>;
  fields: Partial<CgformField>[];
  indexs: Partial<CgformIndex>[];
  deleteFieldIds: string[];
  deleteIndexIds: string[];
}

/** `result` of a refused sync that would lose data (issue 15 contract). */
export type { FormSyncConfirm as SyncRefusal } from '@anxue/shared/online-form';

// ---- generated pages: the data API's shapes (packages/shared/src/online-data.ts) ----

export type { OnlineColumn, OnlineSubColumn } from '@anxue/shared/online-data';
export type OnlineColumnsAnswer = OnlineColumnsResult;
export type OnlineFormItem = OnlineFormItemResult;
export type OnlineQueryInfo = Partial<OnlineQueryInfoResult>;
/** A field as the widgets read it (getFormItem or getQueryInfoVue3): only its title and widget are needed. */
export type OnlineProperty = Pick<OnlineFieldProperty, 'title' | 'view'> & Partial<Omit<OnlineFieldProperty, 'title' | 'view' | 'type'>> & { type?: string };

/** Where the generated page of a form lives (the original's routes). */
export function generatedPageUrl(head: Pick<CgformHead, 'id' | 'isTree'>): string {
  return head.isTree === 'Y' ? `/online/cgformTreeList/${head.id}` : `/online/cgformList/${head.id}`;
}

/** The head id at the end of a generated page's address (/online/cgformList/<id>). */
export function headIdFromPath(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts[parts.length - 1] ?? '');
}

/** The permission code of one action on one form's data. */
export const formPermission = (tableName: string, action: 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import') => `online:form:${tableName}:${action}`;
