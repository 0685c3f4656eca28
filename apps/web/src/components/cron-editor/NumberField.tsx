import { InputNumber } from 'antd';
import type { IntRange } from '@anxue/shared/cron/index';

interface NumberFieldProps {
  label: string;
  value: number;
  bounds: IntRange;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/** A whole-number input held to the bounds of spec/02 §5; empty input is ignored. */
export function NumberField({ label, value, bounds, disabled, onChange }: NumberFieldProps) {
  return (
    <InputNumber
      aria-label={label}
      size="small"
      precision={0}
      min={bounds.min}
      max={bounds.max}
      value={value}
      disabled={disabled}
      style={{ width: 72, margin: '0 4px' }}
      onChange={(next) => {
        if (typeof next === 'number' && Number.isInteger(next) && next >= bounds.min && next <= bounds.max) {
          onChange(next);
        }
      }}
    />
  );
}
