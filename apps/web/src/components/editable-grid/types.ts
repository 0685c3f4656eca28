// Public types of the editable grid: column definitions (spec/02 §3), rows, the imperative handle and
// the table live-update socket messages (spec/02 §4).
import type { ReactNode } from 'react';
import type { FieldExtend } from '../pickers';
import { t } from '../../lib/i18n';

export type GridRow = { id: string } & Record<string, unknown>;

export type ColumnType =
  | 'input'
  | 'inputNumber'
  | 'textarea'
  | 'input_pop'
  | 'select'
  | 'list_multi'
  | 'sel_search'
  | 'sel_search_async'
  | 'select-search'
  | 'select-multiple'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'time'
  | 'sel_depart'
  | 'sel_user'
  | 'upload'
  | 'file'
  | 'image'
  | 'popup'
  | 'progress'
  | 'tags'
  | 'slot'
  | 'normal'
  | 'hidden'
  | 'row-number'
  | 'row-checkbox'
  | 'row-radio'
  | 'row-expand'
  | 'row-drag-sort';

export interface GridOption {
  value: string | number;
  text?: string;
  title?: string;
  label?: string;
  disabled?: boolean;
}

/** Outcome of a custom rule handler: a message when the value is refused. */
export type RuleHandler = (value: unknown, row: GridRow, column: GridColumn) => Promise<string | undefined> | string | undefined;

export interface ValidateRule {
  required?: boolean;
  /** A pattern code of @anxue/shared/grid-patterns ('only' means unique), a RegExp, or a RegExp source string. */
  pattern?: string | RegExp;
  unique?: boolean;
  message?: string;
  handler?: RuleHandler;
}

export type StatisticsKind = 'sum' | 'average';

export interface SlotApi {
  value: unknown;
  row: GridRow;
  index: number;
  setValue(value: unknown): void;
}

/** Value state of an upload/file/image cell. A file counts as uploaded only when done. */
export interface UploadedValue {
  name: string;
  type?: string;
  size?: number;
  status: 'uploading' | 'done' | 'error' | 'removed';
  percent: number;
  path?: string;
  url?: string;
  message?: string;
}

export interface GridColumn {
  key: string;
  title: string;
  type: ColumnType;
  width?: number;
  /** Keeps the column in view while the grid scrolls sideways; row-* helper columns are fixed left. */
  fixed?: 'left' | 'right';
  placeholder?: string;
  /** Extra props handed to the antd editor of the cell. */
  props?: Record<string, unknown>;
  disabled?: boolean;
  options?: GridOption[];
  /** Looked up in the grid's `dictOptions` map. */
  dictCode?: string;
  defaultValue?: unknown;
  defaultChecked?: boolean;
  /** checkbox: [checked value, unchecked value]; default [true, false]. */
  customValue?: [unknown, unknown];
  validateRules?: ValidateRule[];
  statistics?: StatisticsKind[];
  /** Key of the parent column whose value filters this column's options (linked selects). */
  linkageKey?: string;
  linkage?: { getOptions(parentValue: unknown): GridOption[] | Promise<GridOption[]> };
  /** sel_search_async, sel_user, sel_depart: options for a keyword. */
  loadOptions?: (keyword: string) => Promise<GridOption[]>;
  /** sel_user, sel_depart: an external picker; resolves with the picked value. */
  onPick?: (row: GridRow) => Promise<unknown>;
  /** sel_user / sel_depart: the picker's stored and shown fields and multi-select, e.g. `{"store":"id","text":"username","multiSelect":false}`. */
  fieldExtendJson?: string | FieldExtend;
  /** popup: resolves with the picked records; orgFields map onto destFields (comma lists). */
  onPopup?: (row: GridRow) => Promise<Record<string, unknown>[] | Record<string, unknown> | undefined>;
  orgFields?: string;
  destFields?: string;
  /** popup: code of the online report to pick from when there is no onPopup. */
  popupCode?: string;
  /** popup: the report's parameters (sent as self_<name>). */
  param?: Record<string, unknown>;
  /** upload/file/image */
  action?: string;
  data?: Record<string, string>;
  responseName?: string;
  token?: boolean;
  allowDownload?: boolean;
  allowRemove?: boolean;
  /** upload/file/image: address of a stored path; default `${apiBase}/sys/common/static/${path}`. */
  fileUrl?: (path: string) => string;
  /** slot */
  render?: (api: SlotApi) => ReactNode;
  /** date/datetime/time: overrides the dayjs format. */
  format?: string;
}

export interface EditableGridHandle {
  /** Adds rows (given ones, or `count` blank ones) at `index` (default: the end). Returns the new rows. */
  addRows(rows?: Partial<GridRow>[], opts?: { index?: number; count?: number; setActive?: boolean }): GridRow[];
  insertRows(rows: Partial<GridRow>[] | Partial<GridRow>, index: number): GridRow[];
  removeRows(ids: string | string[]): void;
  removeSelected(): void;
  moveUp(id: string): void;
  moveDown(id: string): void;
  /** Resolves with the rows; with validate (default true) rejects with GridValidationError on any error. */
  getValues(opts?: { validate?: boolean }): Promise<{ errorCount: number; values: GridRow[] }>;
  getNewData(): GridRow[];
  /** Ids of removed existing rows, in removal order. */
  getDeleteData(): string[];
  getAll(): GridRow[];
  setValues(patches: { rowKey: string; values: Record<string, unknown> }[]): void;
  clearSelection(): void;
  /** Validates every cell, shows the messages, resolves with the error count. */
  validateTable(): Promise<number>;
  getSelection(): { ids: string[]; rows: GridRow[] };
  /** Sends the row to the other pages watching this table (needs the `socket` prop). */
  sendSocketUpdate(row: GridRow): void;
}

export interface GridSocketOptions {
  url: string;
  userId: string;
  pageId: string;
  token: string;
  /** Identifies the table across pages; default pageId. */
  socketKey?: string;
  /** Sends each row the user edits to the other pages (300 ms after the last keystroke in that row). */
  sendEdits?: boolean;
}

// Messages of the table socket (spec/02 §4). `caseId` names the page instance that made the edit.
export type HeartBeatMessage = { type: 'heart_beat' };
export type CommonSendDateMessage = { type: 'common_send_date'; args?: unknown[] };
export type UpdateTableMessage = { type: 'update_vxe_table'; socketKey: string; args: [row: GridRow, caseId: string] };
export type TableSocketMessage = HeartBeatMessage | CommonSendDateMessage | UpdateTableMessage;

export type SocketAction =
  | { kind: 'update'; row: GridRow }
  | { kind: 'ignore'; reason: 'heartbeat' | 'own-edit' | 'other-table' | 'common' }
  | { kind: 'log'; reason: 'unparseable' | 'unknown-type' | 'bad-shape'; data: unknown };

export class GridValidationError extends Error {
  constructor(
    readonly errorCount: number,
    readonly errors: { rowId: string; key: string; message: string }[],
    readonly values: GridRow[],
  ) {
    super(t('表格校验未通过：{errorCount} 处错误', { errorCount }));
    this.name = 'GridValidationError';
  }
}
