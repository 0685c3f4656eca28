// date, datetime and time cells: text until clicked, then the antd picker. Values are stored as
// formatted strings (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss, HH:mm:ss).
import { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '@anxue/shared/constants';
import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { memo, useState } from 'react';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

dayjs.extend(customParseFormat);

export function dateFormatOf(type: string, format?: string): string {
  if (format) return format;
  if (type === 'datetime') return DATETIME_FORMAT;
  if (type === 'time') return TIME_FORMAT;
  return DATE_FORMAT;
}

export const DateCell = memo(function DateCell({ column, rowId, value, disabled, reloading, ctx }: CellProps) {
  const [editing, setEditing] = useState(false);
  const format = dateFormatOf(column.type, column.format);
  const text = textOf(value);
  // The key replays the CSS highlight each time the value is set programmatically.
  const reloadClass = reloading ? ' eg-reload' : '';
  if (!editing || disabled) {
    return (
      <button
        key={reloading ?? 0}
        type="button"
        className={`eg-input eg-text${reloadClass}`}
        data-reloading={reloading ? 'true' : undefined}
        // a closed picker: named by its column, the text it shows is its value
        role="combobox"
        aria-expanded={false}
        aria-label={column.title}
        disabled={disabled}
        onClick={() => setEditing(true)}
      >
        {text || <span className="eg-placeholder">{column.placeholder ?? t('请选择{label}', { label: column.title })}</span>}
      </button>
    );
  }
  const parsed = text ? dayjs(text, format) : null;
  const common = {
    'aria-label': column.title,
    className: 'eg-editor',
    size: ctx.inputSize,
    autoFocus: true,
    defaultOpen: true,
    format,
    value: parsed?.isValid() ? parsed : null,
    onChange: (d: Dayjs | null) => {
      ctx.controller.setValue(rowId, column.key, d ? d.format(format) : '', 'change');
      setEditing(false);
    },
    onOpenChange: (open: boolean) => {
      if (!open) {
        setEditing(false);
        ctx.controller.validateLater(rowId, column.key);
      }
    },
    ...column.props,
  };
  if (column.type === 'time') return <TimePicker {...common} />;
  return <DatePicker {...common} showTime={column.type === 'datetime'} />;
});
