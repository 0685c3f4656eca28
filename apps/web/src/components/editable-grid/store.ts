// The row store lives outside React state: rows, selection, errors and upload states keyed by row id,
// with one subscription list per row, so typing in a cell re-renders only that row.
import { freshState, isTempId, newTempId, type RowState } from './rowState';
import type { GridRow, UploadedValue } from './types';

type Listener = () => void;

export interface StoreConfig {
  selectionMode: 'checkbox' | 'radio' | false;
  isRowDisabled(row: GridRow): boolean;
  dragSortKey: string | null;
}

export class GridStore {
  private order: readonly string[] = [];
  private readonly states = new Map<string, RowState>();
  private readonly rowListeners = new Map<string, Set<Listener>>();
  private readonly orderListeners = new Set<Listener>();
  private readonly dataListeners = new Set<Listener>();
  private readonly deleted: string[] = [];
  private readonly selected = new Set<string>();
  private batching = 0;
  private dirtyRows = new Set<string>();
  private orderDirty = false;
  /** Bumped when order, selection or row heights change: the snapshot of the grid body. */
  private version = 0;
  private dataVersion = 0;
  private dataDirty = false;

  constructor(public config: StoreConfig) {}

  // ---- subscriptions (useSyncExternalStore) ----
  subscribeRow = (id: string, cb: Listener): (() => void) => {
    let set = this.rowListeners.get(id);
    if (!set) this.rowListeners.set(id, (set = new Set()));
    set.add(cb);
    return () => {
      set.delete(cb);
      if (!set.size) this.rowListeners.delete(id);
    };
  };
  subscribeOrder = (cb: Listener): (() => void) => {
    this.orderListeners.add(cb);
    return () => this.orderListeners.delete(cb);
  };
  /** Any change of row data or order (statistics footer, onChange). */
  subscribeData = (cb: Listener): (() => void) => {
    this.dataListeners.add(cb);
    return () => this.dataListeners.delete(cb);
  };
  getOrder = (): readonly string[] => this.order;
  getVersion = (): number => this.version;
  getDataVersion = (): number => this.dataVersion;
  getState = (id: string): RowState | undefined => this.states.get(id);
  getRow = (id: string): GridRow | undefined => this.states.get(id)?.row;

  /** Groups changes so listeners hear about them once. */
  batch<T>(fn: () => T): T {
    this.batching++;
    try {
      return fn();
    } finally {
      this.batching--;
      if (!this.batching) this.flush();
    }
  }

  private flush(): void {
    const rows = this.dirtyRows;
    this.dirtyRows = new Set();
    for (const id of rows) this.rowListeners.get(id)?.forEach((cb) => cb());
    if (this.orderDirty) {
      this.orderDirty = false;
      this.version++;
      this.orderListeners.forEach((cb) => cb());
    }
    if (this.dataDirty) {
      this.dataDirty = false;
      this.dataVersion++;
      this.dataListeners.forEach((cb) => cb());
    }
  }

  private put(id: string, next: RowState, dataChanged: boolean): void {
    this.states.set(id, next);
    this.dirtyRows.add(id);
    if (dataChanged) this.dataDirty = true;
    if (!this.batching) this.flush();
  }

  private setOrder(order: string[], renumber = true): void {
    this.order = order;
    this.orderDirty = true;
    this.dataDirty = true;
    if (renumber) this.renumber();
    if (!this.batching) this.flush();
  }

  // ---- reading ----
  rows(): GridRow[] {
    return this.order.map((id) => this.states.get(id)!.row);
  }
  size(): number {
    return this.order.length;
  }
  indexOf(id: string): number {
    return this.order.indexOf(id);
  }
  deletedIds(): string[] {
    return [...this.deleted];
  }
  selectedIds(): string[] {
    return this.order.filter((id) => this.selected.has(id));
  }

  // ---- whole-table ----
  /** Replaces all rows (a new `value` from the parent). Deleted ids and selection start over. */
  load(rows: readonly Partial<GridRow>[]): void {
    this.batch(() => {
      const order: string[] = [];
      const seen = new Set<string>();
      this.states.clear();
      this.selected.clear();
      this.deleted.length = 0;
      for (const r of rows) {
        const id = r.id != null && r.id !== '' ? String(r.id) : newTempId();
        if (seen.has(id)) continue;
        seen.add(id);
        order.push(id);
        this.states.set(id, freshState({ ...r, id } as GridRow));
      }
      for (const id of this.rowListeners.keys()) this.dirtyRows.add(id);
      this.setOrder(order, false); // loaded rows keep their sort numbers
    });
  }

  // ---- cells ----
  setCell(id: string, key: string, value: unknown): void {
    const s = this.states.get(id);
    if (!s || Object.is(s.row[key], value)) return;
    this.put(id, { ...s, row: { ...s.row, [key]: value } }, true);
  }
  patchRow(id: string, values: Record<string, unknown>): void {
    const s = this.states.get(id);
    if (!s) return;
    const { id: _ignored, ...rest } = values;
    this.put(id, { ...s, row: { ...s.row, ...rest } }, true);
  }
  setErrors(id: string, errors: Record<string, string> | null): void {
    const s = this.states.get(id);
    if (!s) return;
    const next = errors && Object.keys(errors).length ? errors : null;
    if (sameRecord(s.errors, next)) return;
    this.put(id, { ...s, errors: next }, false);
  }
  setCellError(id: string, key: string, message: string | undefined): void {
    const s = this.states.get(id);
    if (!s) return;
    if ((s.errors?.[key] ?? undefined) === message) return;
    const errors = { ...(s.errors ?? {}) };
    if (message) errors[key] = message;
    else delete errors[key];
    this.setErrors(id, errors);
  }
  setUpload(id: string, key: string, upload: UploadedValue | undefined): void {
    const s = this.states.get(id);
    if (!s) return;
    const uploads = { ...(s.uploads ?? {}) };
    if (upload) uploads[key] = upload;
    else delete uploads[key];
    this.put(id, { ...s, uploads }, false);
  }
  /** Replays the reload highlight of a cell; returns the token to clear it with. */
  markReload(id: string, key: string): number {
    const s = this.states.get(id);
    if (!s) return 0;
    const token = (s.reloading?.[key] ?? 0) + 1;
    this.put(id, { ...s, reloading: { ...(s.reloading ?? {}), [key]: token } }, false);
    return token;
  }
  clearReload(id: string, key: string, token: number): void {
    const s = this.states.get(id);
    if (!s?.reloading || s.reloading[key] !== token) return;
    const reloading = { ...s.reloading };
    delete reloading[key];
    this.put(id, { ...s, reloading: Object.keys(reloading).length ? reloading : null }, false);
  }
  setExpanded(id: string, expanded: boolean): void {
    const s = this.states.get(id);
    if (!s || s.expanded === expanded) return;
    this.put(id, { ...s, expanded }, false);
    this.orderDirty = true; // row heights change
    if (!this.batching) this.flush();
  }

  // ---- selection ----
  canSelect(id: string): boolean {
    const s = this.states.get(id);
    return !!s && !!this.config.selectionMode && !this.config.isRowDisabled(s.row);
  }
  setSelected(id: string, selected: boolean): boolean {
    if (selected && !this.canSelect(id)) return false;
    this.batch(() => {
      if (selected && this.config.selectionMode === 'radio') {
        for (const other of [...this.selected]) if (other !== id) this.markSelected(other, false);
      }
      this.markSelected(id, selected);
    });
    return true;
  }
  selectAll(selected: boolean): void {
    this.batch(() => {
      for (const id of this.order) {
        if (!selected || this.canSelect(id)) this.markSelected(id, selected);
      }
    });
  }
  private markSelected(id: string, selected: boolean): void {
    const s = this.states.get(id);
    if (!s || s.selected === selected) return;
    if (selected) this.selected.add(id);
    else this.selected.delete(id);
    this.orderDirty = true; // the header checkbox follows the selection
    this.put(id, { ...s, selected }, false);
  }

  // ---- structure ----
  /** Inserts rows at index (clamped; default the end); returns them with their ids. */
  insert(rows: Partial<GridRow>[], index?: number): GridRow[] {
    const added: GridRow[] = [];
    this.batch(() => {
      const order = [...this.order];
      const at = index === undefined ? order.length : Math.max(0, Math.min(index, order.length));
      const ids: string[] = [];
      for (const r of rows) {
        let id = r.id != null && r.id !== '' ? String(r.id) : newTempId();
        if (this.states.has(id)) id = newTempId();
        const row = { ...r, id } as GridRow;
        this.states.set(id, freshState(row));
        ids.push(id);
        added.push(row);
      }
      order.splice(at, 0, ...ids);
      this.setOrder(order);
    });
    return added.map((r) => this.getRow(r.id)!);
  }

  /** New rows are dropped; existing rows' ids are queued as deleted. */
  remove(ids: readonly string[]): void {
    const gone = new Set(ids.filter((id) => this.states.has(id)));
    if (!gone.size) return;
    this.batch(() => {
      for (const id of gone) {
        if (!isTempId(id) && !this.deleted.includes(id)) this.deleted.push(id);
        this.states.delete(id);
        this.selected.delete(id);
      }
      this.setOrder(this.order.filter((id) => !gone.has(id)));
    });
  }

  moveTo(id: string, target: number): void {
    const from = this.order.indexOf(id);
    if (from < 0) return;
    const to = Math.max(0, Math.min(target, this.order.length - 1));
    if (to === from) return;
    const order = [...this.order];
    order.splice(from, 1);
    order.splice(to, 0, id);
    this.batch(() => this.setOrder(order));
  }
  move(id: string, delta: number): void {
    const from = this.order.indexOf(id);
    if (from >= 0) this.moveTo(id, from + delta);
  }

  /** Sort numbers follow the row order from 1 when drag sort is on (spec/02 §4). */
  private renumber(): void {
    const key = this.config.dragSortKey;
    if (!key) return;
    this.order.forEach((id, i) => {
      const s = this.states.get(id)!;
      if (s.row[key] !== i + 1) {
        this.states.set(id, { ...s, row: { ...s.row, [key]: i + 1 } });
        this.dirtyRows.add(id);
      }
    });
  }
}

function sameRecord(a: Readonly<Record<string, string>> | null, b: Readonly<Record<string, string>> | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}
