// One grid row: subscribes to its own row state only, so an edit elsewhere does not re-render it.
import { memo, startTransition, useCallback, useEffect, useState, useSyncExternalStore, type CSSProperties, type DragEvent } from 'react';
import { CELLS, type CellProps, type GridContextValue } from './cells';
import { LITE_TYPES, LiteCell } from './cells/LiteCell';
import { columnStyle, fixedClass, type LaidOutColumn } from './gridColumns';
import type { RowState } from './rowState';

interface RowViewProps {
  id: string;
  index: number;
  top: number;
  rowHeight: number;
  expandHeight: number;
  width: number;
  columns: LaidOutColumn[];
  ctx: GridContextValue;
  /** The grid is being scrolled: a row appearing now is drawn as text (LiteCell) until it stops. */
  scrolling: boolean;
}

export const GridRowView = memo(function GridRowView({ id, index, top, rowHeight, expandHeight, width, columns, ctx, scrolling }: RowViewProps) {
  const store = ctx.controller.store;
  const subscribe = useCallback((cb: () => void) => store.subscribeRow(id, cb), [store, id]);
  const state = useSyncExternalStore(subscribe, () => store.getState(id));
  const [lite, setLite] = useState(scrolling);
  // Real editors come back as a transition: React spreads the work over frames and drops it when
  // scrolling starts again.
  useEffect(() => {
    if (lite && !scrolling) startTransition(() => setLite(false));
  }, [lite, scrolling]);
  if (!state) return null;
  const selectable = store.canSelect(id);

  const onDrop = (e: DragEvent) => {
    const dragged = ctx.dragging.id ?? e.dataTransfer?.getData('text/plain');
    ctx.dragging.id = null;
    if (!dragged || dragged === id) return;
    e.preventDefault();
    store.moveTo(dragged, store.indexOf(id));
  };
  const style: CSSProperties = { transform: `translateY(${top}px)`, width };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={state.selected || undefined}
      data-row-id={id}
      className={`eg-row${state.selected ? ' eg-row-selected' : ''}${index % 2 ? ' eg-row-odd' : ''}`}
      style={style}
      onDragOver={(e) => {
        if (ctx.dragging.id) e.preventDefault();
      }}
      onDrop={onDrop}
    >
      <div className="eg-row-cells" style={{ height: rowHeight }}>
        {columns.map((col) => (
          <CellBox
            key={col.key}
            column={col}
            rowId={id}
            index={index}
            state={state}
            selectable={selectable}
            ctx={ctx}
            lite={lite}
          />
        ))}
      </div>
      {state.expanded && ctx.expandedRowRender ? (
        <div className="eg-expanded" style={{ height: expandHeight }}>
          {ctx.expandedRowRender(state.row, index)}
        </div>
      ) : null}
    </div>
  );
});

function CellBox({
  column,
  rowId,
  index,
  state,
  selectable,
  ctx,
  lite,
}: {
  column: LaidOutColumn;
  rowId: string;
  index: number;
  state: RowState;
  selectable: boolean;
  ctx: GridContextValue;
  lite: boolean;
}) {
  const error = state.errors?.[column.key];
  return (
    <MemoCell
      column={column}
      rowId={rowId}
      index={index}
      value={state.row[column.key]}
      error={error}
      parentValue={column.linkageKey ? state.row[column.linkageKey] : undefined}
      reloading={state.reloading?.[column.key]}
      upload={state.uploads?.[column.key]}
      selected={state.selected}
      expanded={state.expanded}
      selectable={selectable}
      disabled={ctx.disabled || !!column.disabled}
      ctx={ctx}
      lite={lite && LITE_TYPES.has(column.type)}
    />
  );
}

/** The cell frame: width, the red border and the error tooltip (first failing rule's message). */
function CellFrame({ lite, ...props }: CellProps & { error?: string; lite: boolean }) {
  const { column, error } = props;
  const Cell = lite ? LiteCell : CELLS[column.type];
  const className = `eg-cell eg-cell-${column.type}${error ? ' eg-cell-error' : ''}${fixedClass(column)}`;
  return (
    <div
      role="cell"
      className={className}
      style={columnStyle(column)}
      aria-invalid={error ? true : undefined}
      data-key={column.key}
    >
      <div className="eg-cell-inner">{Cell ? <Cell {...props} /> : null}</div>
      {error ? (
        <div role="tooltip" className="eg-error-tip">
          {error}
        </div>
      ) : null}
    </div>
  );
}

const MemoCell = memo(CellFrame);
