// The row-* helper columns: number, checkbox, radio, expand toggle and drag handle.
import { HolderOutlined, MinusSquareOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { memo } from 'react';
import type { CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

export const RowNumberCell = memo(function RowNumberCell({ index }: CellProps) {
  return <span className="eg-row-number">{index + 1}</span>;
});

/** A native control: one per drawn row, mounted on every scroll step, so it must be cheap (an antd
 * Checkbox doubled the cost of a row); styled with the antd colour. */
export const RowSelectCell = memo(function RowSelectCell({ column, rowId, index, selected, selectable, ctx }: CellProps) {
  return (
    <input
      type={column.type === 'row-radio' ? 'radio' : 'checkbox'}
      className="eg-row-select"
      aria-label={t('选择第{n}行', { n: index + 1 })}
      checked={!!selected}
      disabled={!selectable}
      onChange={(e) => ctx.controller.store.setSelected(rowId, e.target.checked)}
    />
  );
});

export const RowExpandCell = memo(function RowExpandCell({ rowId, index, expanded, ctx }: CellProps) {
  return (
    <button
      type="button"
      className="eg-icon-button"
      aria-label={expanded ? t('收起第{n}行', { n: index + 1 }) : t('展开第{n}行', { n: index + 1 })}
      aria-expanded={!!expanded}
      onClick={() => ctx.controller.store.setExpanded(rowId, !expanded)}
    >
      {expanded ? <MinusSquareOutlined /> : <PlusSquareOutlined />}
    </button>
  );
});

export const RowDragCell = memo(function RowDragCell({ rowId, index, disabled, ctx }: CellProps) {
  return (
    <span
      className="eg-drag-handle"
      role="button"
      aria-label={t('拖动第{n}行', { n: index + 1 })}
      draggable={!disabled}
      onDragStart={(e) => {
        ctx.dragging.id = rowId;
        e.dataTransfer?.setData('text/plain', rowId);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
      }}
      onDragEnd={() => {
        ctx.dragging.id = null;
      }}
    >
      <HolderOutlined />
    </span>
  );
});
