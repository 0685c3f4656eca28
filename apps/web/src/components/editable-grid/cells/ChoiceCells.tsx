// Radio and checkbox cells. The checkbox stores customValue [checked, unchecked] (default true/false).
import { Checkbox, Radio } from 'antd';
import { memo } from 'react';
import { checkboxValues } from '../rules';
import { optionText, type CellProps } from './cellTypes';

export const RadioCell = memo(function RadioCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const options = ctx.optionsFor(column);
  return (
    <Radio.Group
      aria-label={column.title}
      size={ctx.inputSize}
      disabled={disabled}
      value={value === undefined || value === null ? undefined : String(value)}
      onChange={(e) => ctx.controller.setValue(rowId, column.key, e.target.value, 'change')}
      options={options.map((o) => ({ value: String(o.value), label: optionText(o), disabled: o.disabled }))}
    />
  );
});

export const CheckboxCell = memo(function CheckboxCell({ column, rowId, value, disabled, ctx }: CellProps) {
  const [on, off] = checkboxValues(column);
  return (
    <Checkbox
      aria-label={column.title}
      disabled={disabled}
      checked={value === on}
      onChange={(e) => ctx.controller.setValue(rowId, column.key, e.target.checked ? on : off, 'change')}
    />
  );
});
