// A choice from a short list as the phone's own <select>: the system picker on a phone, no script-drawn
// dropdown. The empty option reads as the placeholder ("全部分类") and clears the choice.
import type { ChangeEvent } from 'react';
import './ui.css';

export interface PickerOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface PickerProps<V extends string = string> {
  /** the spoken name of the control, e.g. "分类" */
  label: string;
  options: PickerOption<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  /** the empty option's text, e.g. "全部分类" */
  placeholder?: string;
  /** the empty option can be chosen again to clear (true by default) */
  allowClear?: boolean;
  disabled?: boolean;
  className?: string;
}

export function Picker<V extends string = string>({ label, options, value, onChange, placeholder = '', allowClear = true, disabled, className }: PickerProps<V>) {
  const change = (e: ChangeEvent<HTMLSelectElement>) => onChange(e.target.value === '' ? undefined : (e.target.value as V));
  // a chosen value the options do not (yet) hold, e.g. before a dictionary has loaded
  const known = value === undefined || options.some((o) => o.value === value);
  return (
    <span className={`ui-picker${value === undefined ? ' ui-picker-empty' : ''}${className ? ` ${className}` : ''}`}>
      <select aria-label={label} value={value ?? ''} onChange={change} disabled={disabled}>
        {(allowClear || value === undefined) && (
          <option value="" disabled={!allowClear}>
            {placeholder}
          </option>
        )}
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}
