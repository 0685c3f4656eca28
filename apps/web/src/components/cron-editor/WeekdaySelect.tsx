import { Select } from 'antd';
import { WEEKDAY_LABELS } from '@anxue/shared/cron/index';
import { t } from '../../lib/i18n';

const OPTIONS = Object.entries(WEEKDAY_LABELS).map(([value, label]) => ({ value: Number(value), label }));

/** The weekdays as options (cron week number Sunday=1 .. Saturday=7), named in the current language; call while rendering. */
export function weekdayOptions(): { value: number; label: string }[] {
  return OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }));
}

/** Picks a cron week number (Sunday=1 .. Saturday=7) by its name; `label` is the (translated) accessible name. */
export function WeekdaySelect(props: { label: string; value: number; disabled?: boolean; onChange: (v: number) => void }) {
  return (
    <Select
      aria-label={props.label}
      size="small"
      virtual={false}
      style={{ width: 80, margin: '0 4px' }}
      options={weekdayOptions()}
      value={props.value}
      disabled={props.disabled}
      onChange={props.onChange}
    />
  );
}
