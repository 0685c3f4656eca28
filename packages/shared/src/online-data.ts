// The generated API of a synced online form (issue 15): what /online/cgform/api/getColumns, getQueryInfoVue3,
// getFormItem, getData/getTreeData and form/{headId}/{dataId} answer, in the original platform's shapes.
// The server builds these answers (apps/server/src/modules/online/cgform/data); the generated pages read them.
import { z } from 'zod';

/** The original client's page size meaning "every row" (a form whose list is not paged). */
export const ONLINE_NO_PAGING = -521;

/** The original's list button codes; getColumns names in hideColumns those the caller may not use. */
export const ONLINE_BUTTON_CODES = ['add', 'addSub', 'edit', 'update', 'delete', 'batch_delete', 'import', 'export', 'detail', 'super_query', 'bpm'] as const;

export const onlineDictOption = z.object({ value: z.string(), text: z.string(), title: z.string().optional(), label: z.string().optional(), color: z.string().optional() });
export type OnlineDictOption = z.infer<typeof onlineDictOption>;

/** One list column. `customRender` names the key of its options in dictOptions (the field name). */
export const onlineColumn = z.object({
  title: z.string(),
  dataIndex: z.string(),
  align: z.string().optional(),
  sorter: z.boolean().optional(),
  /** The field's widget (field_show_type): text, list, date, image, file, umeditor, link_table, … */
  fieldType: z.string(),
  dbType: z.string().optional(),
  customRender: z.string().optional(),
  hrefSlotName: z.string().optional(),
  scopedSlots: z.object({ customRender: z.string() }).optional(),
  fieldExtendJson: z.string().optional(),
  showLength: z.number().optional(),
});
export type OnlineColumn = z.infer<typeof onlineColumn>;

export const onlineColumnsResult = z.object({
  columns: z.array(onlineColumn),
  dictOptions: z.record(z.string(), z.array(onlineDictOption)),
  /** Button codes the caller may not use (see ONLINE_BUTTON_CODES). */
  hideColumns: z.array(z.string()),
  checkboxFlag: z.enum(['Y', 'N']),
  paginationFlag: z.enum(['Y', 'N']),
  scrollFlag: z.number(),
  formTemplate: z.string(),
  themeTemplate: z.string(),
  currentTableName: z.string(),
  description: z.string(),
  /** 1 single, 2 main, 3 sub. */
  tableType: z.number(),
  isTree: z.enum(['Y', 'N']),
  /** Tree forms: the column shown as the tree, the parent id field and the has-child field ('0'/'1'). */
  textField: z.string(),
  pidField: z.string(),
  hasChildrenField: z.string(),
  fieldHrefSlots: z.array(z.object({ slotName: z.string(), href: z.string() })),
  /** A main form's sub tables: the sub's foreign-key field and the main field it refers to. */
  foreignKeys: z.array(z.object({ table: z.string(), field: z.string(), mainField: z.string() })),
  cgButtonList: z.array(z.unknown()),
  enhanceJs: z.string(),
  isDesForm: z.boolean(),
  desFormCode: z.string(),
});
export type OnlineColumnsResult = z.infer<typeof onlineColumnsResult>;

/** A one-to-many sub form's field as an editable-grid column (spec/02 grid column definition). */
export const onlineSubColumn = z.object({
  title: z.string(),
  key: z.string(),
  type: z.string(),
  width: z.string(),
  placeholder: z.string(),
  defaultValue: z.string(),
  fieldDefaultValue: z.string().optional(),
  fieldExtendJson: z.string().optional(),
  disabled: z.boolean().optional(),
  dictCode: z.string().optional(),
  dictTable: z.string().optional(),
  dictText: z.string().optional(),
  options: z.array(z.object({ title: z.string(), text: z.string(), value: z.string() })).optional(),
  customValue: z.array(z.string()).optional(),
  popupCode: z.string().optional(),
  destFields: z.string().optional(),
  orgFields: z.string().optional(),
  validateRules: z.array(z.object({ required: z.boolean().optional(), unique: z.boolean().optional(), pattern: z.string().optional(), message: z.string() })).optional(),
});
export type OnlineSubColumn = z.infer<typeof onlineSubColumn>;

/**
 * One field of a form schema (getFormItem) or of the query info (getQueryInfoVue3). A sub form appears
 * among the properties under its table name with view 'tab' (relationType 0 one-to-many with columns,
 * 1 one-to-one with properties).
 */
export interface OnlineFieldProperty {
  title: string;
  view: string;
  type: 'string' | 'number' | 'integer';
  order: number;
  dbPointLength?: number;
  /** Default on add: text, #{sysUserCode}-style variables, or ${fillRuleCode} (the server fills it when left empty). */
  defVal?: string;
  fieldExtendJson?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  /** The dictionary's options (list, radio, checkbox, list_multi, sel_search). */
  enum?: Array<{ value: string; title: string; color?: string }>;
  /** A regular expression source, 'only' (unique) or 'z' (integer); errorInfo is its message. */
  pattern?: string;
  errorInfo?: string;
  ui?: { widgetattrs: { disabled: boolean } };
  /** Query info: 'single', 'group' (range: field_begin / field_end) or 'like'. */
  mode?: 'single' | 'group' | 'like';
  // widget specific
  code?: string;
  destFields?: string;
  orgFields?: string;
  popupMulti?: boolean;
  dict?: string;
  pidField?: string;
  pidValue?: string;
  hasChildField?: string;
  pidComponent?: number;
  pcode?: string;
  textField?: string;
  config?: unknown;
  others?: unknown[];
  // sub forms (view 'tab')
  describe?: string;
  id?: string;
  relationType?: 0 | 1;
  /** The main form's field the sub rows refer to (usually id); foreignField is the sub's own field. */
  foreignKey?: string;
  foreignField?: string;
  required?: string[];
  properties?: Record<string, OnlineFieldProperty>;
  columns?: OnlineSubColumn[];
  hideButtons?: string[];
}

export interface OnlineFormHead {
  id: string;
  tableName: string;
  tableType: number;
  tableTxt: string;
  formTemplate: string;
  themeTemplate: string;
  isTree: 'Y' | 'N';
  treeParentIdField: string;
  treeFieldname: string;
  isCheckbox: string;
  isPage: string;
  relationType: number | null;
  extConfigJson: string;
  scroll: number | null;
}

export interface OnlineFormItemResult {
  head: OnlineFormHead;
  schema: { type: 'object'; required: string[]; properties: Record<string, OnlineFieldProperty> };
  cgButtonList: unknown[];
  enhanceJs: string;
  /** The caller may not edit rows (detail only). */
  form_disable_update: boolean;
}

export interface OnlineQueryInfoResult {
  table: string;
  title: string;
  properties: Record<string, OnlineFieldProperty>;
  /** Fields of the query form (is_query); every property may be used by the advanced query. */
  searchFieldList: string[];
  joinQuery: boolean;
}

/**
 * A row of a form: its fields by column name, `<field>_dictText` beside dictionary fields (lists and
 * detail), and for a main form each sub table's rows under the sub table's name (form/{headId}/{dataId}).
 * Add and edit send the same shape; add answers the new id as result.
 */
export type OnlineFormRecord = Record<string, unknown>;

/** Import answers code 201 with this result when some rows were refused (spec/02 import error). */
export const onlineImportReport = z.object({ fileUrl: z.string(), fileName: z.string(), msg: z.string() });

/** A file attached to a record's comment (/sys/comment/listByForm, fileList). */
export interface RecordCommentFile {
  fileId: string;
  sysFormFileId: string;
  name: string;
  fileSize: number;
  /** Stored path, read back through /sys/common/static. */
  url: string;
  type: string | null;
  storeType: string;
}

/** A comment on an online form's record, as /sys/comment/listByForm answers it (oldest first). */
export interface RecordComment {
  id: string;
  tableName: string;
  tableDataId: string;
  fromUserId: string;
  fromUserId_dictText: string | null;
  fromUserAvatar: string | null;
  toUserId: string | null;
  toUserId_dictText: string | null;
  toUserAvatar: string | null;
  /** The comment this one answers. */
  commentId: string | null;
  commentContent: string;
  createBy: string | null;
  createTime: string | null;
  fileList: RecordCommentFile[];
}
