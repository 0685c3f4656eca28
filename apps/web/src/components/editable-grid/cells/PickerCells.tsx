// sel_user and sel_depart without options of their own: the full user picker (department tree and user
// list) and department picker, storing and showing the fields the column's fieldExtendJson names.
import { memo } from 'react';
import { DepartPicker, parseFieldExtend, UserPicker } from '../../pickers';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

export const UserPickerCell = memo(function UserPickerCell({ column, rowId, value, disabled, ctx }: CellProps) {
  return (
    <div className="eg-pick-full">
      <UserPicker
        value={textOf(value)}
        fieldExtendJson={column.fieldExtendJson}
        disabled={disabled}
        placeholder={column.placeholder ?? t('请选择{label}', { label: column.title })}
        onChange={(v) => ctx.controller.setValue(rowId, column.key, v, 'change')}
      />
    </div>
  );
});

export const DepartPickerCell = memo(function DepartPickerCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const ext = parseFieldExtend(column.fieldExtendJson);
  return (
    <div className="eg-pick-full">
      <DepartPicker
        value={textOf(value)}
        multi={ext.multiSelect ?? false}
        store={ext.store}
        text={ext.text}
        disabled={disabled}
        placeholder={column.placeholder ?? t('请选择{label}', { label: column.title })}
        onChange={(v) => ctx.controller.setValue(rowId, column.key, v, 'change')}
      />
    </div>
  );
});

/** Whether a sel_user / sel_depart column leaves the picking to the built-in picker. */
export function usesFullPicker(column: CellProps['column']): boolean {
  return (column.type === 'sel_user' || column.type === 'sel_depart') && !column.loadOptions && !column.onPick && !column.options && !column.dictCode;
}
