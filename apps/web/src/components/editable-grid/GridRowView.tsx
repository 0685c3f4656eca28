// One grid row: subscribes to its own row state only, so an edit elsewhere does not re-render it.
import { memo, useCallback, useSyncExternalStore, type CSSProperties, type DragEvent } from 'react';
import { CELLS, type CellProps, type GridContextValue } from './cells';
import type { LaidOutColumn } from './gridColumns';
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
}

export const GridRowView = memo(function GridRowView({ id, index, top, rowHeight, expandHeight, width, columns, ctx }: RowViewProps) {
  const store = ctx.controller.store;
  const subscribe = useCallback((cb: () => void) => store.subscribeRow(id, cb), [store, id]);
  const state = useSyncExternalStore(subscribe, () => store.getState(id));
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
}: {
  column: LaidOutColumn;
  rowId: string;
  index: number;
  state: RowState;
  selectable: boolean;
  ctx: GridContextValue;
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
    />
  );
}

/** The cell frame: width, the red border and the error tooltip (first failing rule's message). */
function CellFrame(props: CellProps & { error?: string }) {
  const { column, error } = props;
  const Cell = CELLS[column.type];
  const className = `eg-cell eg-cell-${column.type}${error ? ' eg-cell-error' : ''}`;
  return (
    <div
      role="cell"
      className={className}
      style={{ width: column.width, flex: `0 0 ${column.width}px` }}
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
