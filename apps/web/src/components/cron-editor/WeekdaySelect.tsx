import { Select } from 'antd';
import { WEEKDAY_LABELS } from '@anxue/shared/cron/index';

const OPTIONS = Object.entries(WEEKDAY_LABELS).map(([value, label]) => ({ value: Number(value), label }));

/** Picks a cron week number (Sunday=1 .. Saturday=7) by its Chinese name. */
export function WeekdaySelect(props: { label: string; value: number; disabled?: boolean; onChange: (v: number) => void }) {
  return (
    <Select
      aria-label={props.label}
      size="small"
      virtual={false}
      style={{ width: 80, margin: '0 4px' }}
      options={OPTIONS}
      value={props.value}
      disabled={props.disabled}
      onChange={props.onChange}
    />
  );
}

export const WEEKDAY_OPTIONS = OPTIONS;
