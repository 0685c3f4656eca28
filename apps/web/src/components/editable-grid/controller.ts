// The grid's behaviour without React: edits with linkage and validation triggers, row operations,
// value collection and the live-update socket. The imperative handle is this object's methods.
import { RELOAD_EFFECT_MS } from '@anxue/shared/constants';
import { isTempId, outputRow } from './rowState';
import { defaultCellValue, isRowHelperType } from './rules';
import { openTableSocket, reduceSocketMessage, updateMessage, type TableSocket, type TableSocketTimers } from './socket';
import { GridStore } from './store';
import {
  GridValidationError,
  type EditableGridHandle,
  type GridColumn,
  type GridRow,
  type GridSocketOptions,
} from './types';
import { buildUniqueCounter, hasUniqueRule, validateCell, validateRows } from './validate';

/** A row edited by the user is sent to the other pages this long after its last keystroke. */
export const SOCKET_SEND_DELAY_MS = 300;
/** Blur validation waits this long (spec/02 §9). */
export const BLUR_VALIDATE_DELAY_MS = 100;
const RELOAD_TYPES = new Set(['date', 'datetime', 'time']);

export type EditTrigger = 'input' | 'change' | 'blur';

export interface ControllerOptions {
  columns: readonly GridColumn[];
  stripTempIds: boolean;
  /** Asked to bring a row into view (first error). */
  scrollToIndex?: (index: number) => void;
}

export class GridController implements EditableGridHandle {
  private columnsByKey = new Map<string, GridColumn>();
  private cellTokens = new Map<string, number>();
  private socket: TableSocket | null = null;
  private socketKey = '';
  private sendEdits = false;
  private sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Names this page instance in socket messages so its own edits are not applied twice. */
  readonly caseId = `case_${Math.random().toString(36).slice(2)}_${Date.now().toString(36)}`;

  constructor(
    readonly store: GridStore,
    private options: ControllerOptions,
  ) {
    this.setOptions(options);
  }

  setOptions(options: ControllerOptions): void {
    this.options = options;
    this.columnsByKey = new Map(options.columns.map((c) => [c.key, c]));
  }

  private get dataColumns(): GridColumn[] {
    return this.options.columns.filter((c) => !isRowHelperType(c.type));
  }

  // ---- editing ----
  /** A user edit: stores the value, clears linked child columns, and validates per the trigger. */
  setValue = (rowId: string, key: string, value: unknown, trigger: EditTrigger = 'change'): void => {
    this.store.batch(() => {
      this.store.setCell(rowId, key, value);
      this.clearLinkedChildren(rowId, key);
    });
    if (trigger === 'blur') this.validateLater(rowId, key);
    else this.validateOne(rowId, key);
    this.queueSocketSend(rowId);
  };

  /** Only user edits go out: rows changed by socket messages or setValues are not echoed back. */
  private queueSocketSend(rowId: string): void {
    if (!this.socket || !this.sendEdits) return;
    clearTimeout(this.sendTimers.get(rowId));
    this.sendTimers.set(
      rowId,
      setTimeout(() => {
        this.sendTimers.delete(rowId);
        const row = this.store.getRow(rowId);
        if (row) this.sendSocketUpdate(row);
      }, SOCKET_SEND_DELAY_MS),
    );
  }

  /** Children of a linked select lose their value when the parent changes (recursively). */
  private clearLinkedChildren(rowId: string, parentKey: string, seen = new Set<string>()): void {
    for (const col of this.options.columns) {
      if (col.linkageKey !== parentKey || seen.has(col.key)) continue;
      seen.add(col.key);
      this.store.setCell(rowId, col.key, '');
      this.clearLinkedChildren(rowId, col.key, seen);
    }
  }

  validateLater = (rowId: string, key: string): void => {
    setTimeout(() => this.validateOne(rowId, key), BLUR_VALIDATE_DELAY_MS);
  };

  /** Validates one cell; for unique columns also refreshes other rows' unique errors. */
  validateOne = (rowId: string, key: string): void => {
    const col = this.columnsByKey.get(key);
    const row = this.store.getRow(rowId);
    if (!col?.validateRules?.length || !row) return;
    const unique = hasUniqueRule(col);
    const countOf = unique ? buildUniqueCounter(this.store.rows(), [col]) : () => 0;
    this.applyCellResult(rowId, col, validateCell(row[key], row, col, countOf));
    if (!unique) return;
    for (const id of this.store.getOrder()) {
      if (id === rowId || !this.store.getState(id)?.errors?.[key]) continue;
      const other = this.store.getRow(id)!;
      this.applyCellResult(id, col, validateCell(other[key], other, col, countOf));
    }
  };

  private applyCellResult(rowId: string, col: GridColumn, result: string | undefined | Promise<string | undefined>): void {
    const cell = `${rowId}\u0000${col.key}`;
    const token = (this.cellTokens.get(cell) ?? 0) + 1;
    this.cellTokens.set(cell, token);
    if (!(result instanceof Promise)) {
      this.store.setCellError(rowId, col.key, result);
      return;
    }
    // Only the newest answer for a cell counts.
    void result.then((msg) => {
      if (this.cellTokens.get(cell) === token) this.store.setCellError(rowId, col.key, msg);
    });
  }

  // ---- handle: rows ----
  private blankRow(partial: Partial<GridRow> = {}): Partial<GridRow> {
    const row: Record<string, unknown> = {};
    for (const col of this.dataColumns) {
      const v = defaultCellValue(col);
      if (v !== undefined) row[col.key] = v;
    }
    return { ...row, ...partial };
  }

  addRows = (rows?: Partial<GridRow>[], opts: { index?: number; count?: number } = {}): GridRow[] => {
    const list = rows?.length ? rows : Array.from({ length: Math.max(1, opts.count ?? 1) }, () => ({}));
    const added = this.store.insert(list.map((r) => this.blankRow(r)), opts.index);
    const first = added[0];
    if (first) this.options.scrollToIndex?.(this.store.indexOf(first.id));
    return added;
  };

  insertRows = (rows: Partial<GridRow>[] | Partial<GridRow>, index: number): GridRow[] =>
    this.addRows(Array.isArray(rows) ? rows : [rows], { index });

  removeRows = (ids: string | string[]): void => this.store.remove(Array.isArray(ids) ? ids : [ids]);
  removeSelected = (): void => this.store.remove(this.store.selectedIds());
  moveUp = (id: string): void => this.store.move(id, -1);
  moveDown = (id: string): void => this.store.move(id, 1);
  clearSelection = (): void => this.store.selectAll(false);

  getSelection = (): { ids: string[]; rows: GridRow[] } => {
    const ids = this.store.selectedIds();
    return { ids, rows: ids.map((id) => this.output(this.store.getRow(id)!)) };
  };

  private output(row: GridRow): GridRow {
    return outputRow(row, this.options.stripTempIds);
  }
  getAll = (): GridRow[] => this.store.rows().map((r) => this.output(r));
  getNewData = (): GridRow[] => this.store.rows().filter((r) => isTempId(r.id)).map((r) => this.output(r));
  getDeleteData = (): string[] => this.store.deletedIds();

  /** Programmatic patches; date and time cells replay their reload highlight for 1400 ms. */
  setValues = (patches: { rowKey: string; values: Record<string, unknown> }[]): void => {
    this.store.batch(() => {
      for (const { rowKey, values } of patches) {
        if (!this.store.getRow(rowKey)) continue;
        this.store.patchRow(rowKey, values);
        for (const key of Object.keys(values)) {
          for (const child of this.options.columns) {
            if (child.linkageKey === key && !(child.key in values)) this.clearLinkedChildren(rowKey, key);
          }
          if (RELOAD_TYPES.has(this.columnsByKey.get(key)?.type ?? '')) this.replayReload(rowKey, key);
          if (this.store.getState(rowKey)?.errors?.[key]) this.validateOne(rowKey, key);
        }
      }
    });
  };

  private replayReload(rowId: string, key: string): void {
    const token = this.store.markReload(rowId, key);
    setTimeout(() => this.store.clearReload(rowId, key, token), RELOAD_EFFECT_MS);
  }

  // ---- handle: validation ----
  validateTable = async (): Promise<number> => {
    const rows = this.store.rows();
    const { byRow, count } = await validateRows(rows, this.dataColumns);
    this.store.batch(() => {
      for (const row of rows) {
        if (this.store.getRow(row.id)) this.store.setErrors(row.id, byRow.get(row.id) ?? null);
      }
    });
    if (count) {
      const firstBad = this.store.getOrder().findIndex((id) => byRow.has(id));
      if (firstBad >= 0) this.options.scrollToIndex?.(firstBad);
    }
    return count;
  };

  /** Collects the rows; with validation on, rejects with the error count when any cell fails. */
  getValues = async (opts: { validate?: boolean } = {}): Promise<{ errorCount: number; values: GridRow[] }> => {
    const values = this.getAll();
    if (opts.validate === false) return { errorCount: 0, values };
    const count = await this.validateTable();
    if (count) {
      const errors: { rowId: string; key: string; message: string }[] = [];
      for (const id of this.store.getOrder()) {
        for (const [key, message] of Object.entries(this.store.getState(id)?.errors ?? {})) errors.push({ rowId: id, key, message });
      }
      throw new GridValidationError(count, errors, values);
    }
    return { errorCount: 0, values };
  };

  // ---- live updates ----
  openSocket(options: GridSocketOptions, timers?: TableSocketTimers): void {
    this.closeSocket();
    this.socketKey = options.socketKey ?? options.pageId;
    this.sendEdits = options.sendEdits ?? false;
    this.socket = openTableSocket(options, (data) => this.receive(data), timers);
  }
  closeSocket(): void {
    for (const timer of this.sendTimers.values()) clearTimeout(timer);
    this.sendTimers.clear();
    this.socket?.close();
    this.socket = null;
  }

  /** Applies an incoming message; exposed for the socket and for tests of the reducer's effect. */
  receive(data: unknown): void {
    const action = reduceSocketMessage(data, { socketKey: this.socketKey, caseId: this.caseId });
    if (action.kind === 'log') {
      console.warn('[grid socket] ignored message:', action.reason, action.data);
      return;
    }
    if (action.kind !== 'update') return;
    const { id, ...values } = action.row;
    if (this.store.getRow(String(id))) this.setValues([{ rowKey: String(id), values }]);
  }

  sendSocketUpdate = (row: GridRow): void => {
    if (!this.socket) return;
    const stored = this.store.getRow(row.id) ?? row;
    this.socket.send(updateMessage(this.socketKey, { ...stored, ...row }, this.caseId));
  };
}
