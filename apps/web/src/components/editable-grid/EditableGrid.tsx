// The editable grid (spec/02 §4): a controlled, virtualised table of typed cells with validation,
// selection, drag sort, statistics, a toolbar and optional live updates.
//
// Rows live in a GridStore outside React state; each row subscribes to its own state. onChange is
// emitted ONCHANGE_DEBOUNCE_MS after the last edit (one call per burst of typing), with the rows as
// stored (temporary ids included, so the parent can hand them back); use the handle's getValues for
// output with temporary ids stripped.
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { GridContextValue } from './cells';
import { GridController } from './controller';
import { layoutColumns, selectionModeOf } from './gridColumns';
import { GridHeader } from './GridHeader';
import { GridRowView } from './GridRowView';
import { editableKeys, focusCellWhenDrawn, moveForKey } from './keyboard';
import { disabledRowMatcher } from './rules';
import { StatisticsFooter } from './StatisticsFooter';
import { GridStore } from './store';
import { Toolbar, type ToolbarOptions } from './Toolbar';
import { toolbarPermissions } from './toolbarRules';
import type { EditableGridHandle, GridColumn, GridOption, GridRow, GridSocketOptions } from './types';
import './editable-grid.css';
import { t } from '../../lib/i18n';

export const ONCHANGE_DEBOUNCE_MS = 150;
export const DEFAULT_MAX_HEIGHT = 400;
export type GridSize = 'medium' | 'small' | 'mini' | 'tiny';
/** Compact row heights that fit an antd input (the original used 61 px). */
export const ROW_HEIGHTS: Record<GridSize, number> = { medium: 40, small: 36, mini: 32, tiny: 28 };

export interface EditableGridProps {
  columns: GridColumn[];
  value?: Partial<GridRow>[];
  onChange?: (rows: GridRow[]) => void;
  /** Rows are keyed by their `id` field. */
  rowKey?: 'id';
  ref?: Ref<EditableGridHandle>;
  dragSort?: boolean;
  dragSortKey?: string;
  rowSelection?: 'checkbox' | 'radio' | false;
  onSelectionChange?: (ids: string[]) => void;
  /** { field: value | values }: matching rows cannot be selected. */
  disabledRows?: Record<string, unknown>;
  /** false hides the toolbar. */
  toolbar?: boolean | ToolbarOptions;
  /** Shows the statistics footer (default: when a column asks for statistics). */
  statistics?: boolean;
  authPre?: string;
  excludedCodes?: string[];
  maxHeight?: number;
  size?: GridSize;
  rowHeight?: number;
  disabled?: boolean;
  dictOptions?: Record<string, GridOption[]>;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
  expandHeight?: number;
  /** Output (getValues, getAll, getNewData, getSelection) without temporary ids; default true. */
  stripTempIds?: boolean;
  socket?: GridSocketOptions;
  /** Rows drawn beyond the visible ones (default 3: a wheel step moves about 2.5 rows; every extra row
   * is DOM created, laid out and painted on each scroll step). */
  overscan?: number;
}

export function EditableGrid(props: EditableGridProps) {
  const {
    columns,
    value,
    onChange,
    dragSort = false,
    dragSortKey = 'orderNum',
    disabledRows,
    toolbar = true,
    authPre,
    excludedCodes,
    maxHeight = DEFAULT_MAX_HEIGHT,
    size = 'medium',
    disabled = false,
    dictOptions,
    expandedRowRender,
    expandHeight = 120,
    stripTempIds = true,
    socket,
    overscan = 3,
  } = props;
  const rowHeight = props.rowHeight ?? ROW_HEIGHTS[size];
  const selection = selectionModeOf(columns, props.rowSelection);
  const isRowDisabled = useMemo(() => disabledRowMatcher(disabledRows), [disabledRows]);

  const controllerRef = useRef<GridController | null>(null);
  const lastValue = useRef<unknown>(undefined);
  const lastEmitted = useRef<unknown>(undefined);
  const storeConfig = { selectionMode: selection, isRowDisabled, dragSortKey: dragSort ? dragSortKey : null };
  if (!controllerRef.current) {
    const store = new GridStore(storeConfig);
    store.load(value ?? []);
    lastValue.current = value;
    controllerRef.current = new GridController(store, { columns, stripTempIds });
  }
  const controller = controllerRef.current;
  const store = controller.store;
  store.config = storeConfig;

  const footer = props.statistics ?? columns.some((c) => c.statistics?.length);
  const laidOut = useMemo(
    () => layoutColumns(columns, { selection, dragSort, footer, expandable: !!expandedRowRender }),
    [columns, selection, dragSort, footer, expandedRowRender],
  );
  const totalWidth = laidOut.reduce((w, c) => w + c.width, 0);

  // A new `value` from the parent (not the one just emitted) replaces the rows.
  useLayoutEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    if (value !== lastEmitted.current) store.load(value ?? []);
  }, [value, store]);

  // Debounced onChange.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = () => {
      timer = undefined;
      const rows = store.rows();
      lastEmitted.current = rows;
      onChangeRef.current?.(rows);
    };
    const unsubscribe = store.subscribeData(() => {
      clearTimeout(timer);
      timer = setTimeout(emit, ONCHANGE_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      if (timer) {
        clearTimeout(timer);
        emit(); // do not lose the last edits on unmount
      }
    };
  }, [store]);

  const version = useSyncExternalStore(store.subscribeOrder, store.getVersion);
  const order = store.getOrder();

  const onSelectionChange = props.onSelectionChange;
  const selectedIds = useMemo(() => store.selectedIds(), [store, version]);
  useEffect(() => onSelectionChange?.(selectedIds), [selectedIds, onSelectionChange]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => rowHeight + (expandedRowRender && store.getState(order[i])?.expanded ? expandHeight : 0),
    getItemKey: (i) => order[i],
    overscan,
    initialRect: { width: totalWidth, height: maxHeight },
    // Without layout (no size measured yet) assume the grid's maximum height.
    observeElementRect: (instance: Virtualizer<HTMLDivElement, Element>, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || totalWidth, height: maxHeight })),
  });
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, version, rowHeight]);

  controller.setOptions({
    columns,
    stripTempIds,
    scrollToIndex: (i) => virtualizer.scrollToIndex(i, { align: 'auto' }),
  });

  // Reconnect only when the address or token changes, not for a new but equal options object.
  const socketIdentity = socket ? JSON.stringify([socket.url, socket.userId, socket.pageId, socket.token, socket.socketKey, socket.sendEdits]) : '';
  const socketRef = useRef(socket);
  socketRef.current = socket;
  useEffect(() => {
    if (!socketRef.current) return;
    controller.openSocket(socketRef.current);
    return () => controller.closeSocket();
  }, [controller, socketIdentity]);

  const ctx = useMemo<GridContextValue>(
    () => ({
      controller,
      optionsFor: (col) => col.options ?? (col.dictCode ? (dictOptions?.[col.dictCode] ?? []) : []),
      inputSize: size === 'medium' ? 'middle' : 'small',
      disabled,
      expandedRowRender,
      dragging: { id: null },
    }),
    [controller, dictOptions, size, disabled, expandedRowRender],
  );

  useImperativeHandle(props.ref, () => controller, [controller]);

  // Enter and the arrow keys move between cells (keyboard.ts); rows out of view are scrolled in first.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.classList.contains('eg-input')) return;
    const move = moveForKey(e, input, e.nativeEvent.isComposing);
    const rowId = input.closest<HTMLElement>('[data-row-id]')?.dataset.rowId;
    const key = input.closest<HTMLElement>('[role="cell"]')?.dataset.key;
    if (!move || !rowId || !key || !scrollRef.current) return;
    let targetRow = rowId;
    let targetKey = key;
    if (move.rows) {
      const index = store.indexOf(rowId) + move.rows;
      if (index < 0 || index >= store.size()) return;
      targetRow = store.getOrder()[index];
      virtualizer.scrollToIndex(index, { align: 'auto' });
    } else {
      const keys = editableKeys(laidOut);
      const next = keys[keys.indexOf(key) + move.cols];
      if (!next) return;
      targetKey = next;
    }
    e.preventDefault();
    focusCellWhenDrawn(scrollRef.current, targetRow, targetKey);
  };

  const items = virtualizer.getVirtualItems();
  const perms = useMemo(() => toolbarPermissions(authPre, excludedCodes), [authPre, excludedCodes]);
  const toolbarOptions = useMemo(() => (toolbar === true || toolbar === false ? {} : toolbar), [toolbar]);
  return (
    <div className={`eg-grid eg-size-${size}`}>
      {toolbar !== false ? (
        <Toolbar
          controller={controller}
          options={toolbarOptions}
          permissions={perms}
          selectedCount={selectedIds.length}
          rowCount={order.length}
        />
      ) : null}
      <div
        ref={scrollRef}
        className="eg-scroll"
        role="table"
        aria-rowcount={order.length + 1}
        style={{ maxHeight }}
        onKeyDown={onKeyDown}
      >
        <GridHeader columns={laidOut} controller={controller} width={totalWidth} version={version} />
        <div className="eg-body" style={{ height: Math.max(virtualizer.getTotalSize(), order.length ? 0 : rowHeight), width: totalWidth }}>
          {order.length === 0 ? <div className="eg-empty">{t('暂无数据')}</div> : null}
          {items.map((item) => (
            <GridRowView
              key={item.key as string}
              id={order[item.index]}
              index={item.index}
              top={item.start}
              rowHeight={rowHeight}
              expandHeight={expandHeight}
              width={totalWidth}
              columns={laidOut}
              ctx={ctx}
              scrolling={virtualizer.isScrolling}
            />
          ))}
        </div>
        {footer ? <StatisticsFooter columns={laidOut} controller={controller} width={totalWidth} /> : null}
      </div>
    </div>
  );
}
