// Display-only and render-prop cells: progress, normal, slot.
import { Progress } from 'antd';
import { memo } from 'react';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

export const ProgressCell = memo(function ProgressCell({ value }: CellProps) {
  const percent = Math.max(0, Math.min(100, Number(value) || 0));
  return <Progress percent={percent} size="small" aria-label={t('进度')} />;
});

export const NormalCell = memo(function NormalCell({ value }: CellProps) {
  const text = textOf(value);
  return (
    <span className="eg-normal" title={text}>
      {text}
    </span>
  );
});

/** slot: the column's render prop draws the cell and may set the value. */
export function SlotCell({ column, rowId, index, value, ctx }: CellProps) {
  const row = ctx.controller.store.getRow(rowId);
  if (!column.render || !row) return null;
  return (
    <>
      {column.render({
        value,
        row,
        index,
        setValue: (v) => ctx.controller.setValue(rowId, column.key, v, 'change'),
      })}
    </>
  );
}
