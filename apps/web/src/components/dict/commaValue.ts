// Multi-value widgets keep one string in the form ('a,b'); the antd controls want arrays.
import { VALUE_SEPARATOR } from './messages';

export function splitValue(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .split(VALUE_SEPARATOR)
    .filter((v) => v !== '');
}

export function joinValue(values: readonly unknown[] | undefined | null): string {
  return (values ?? []).map(String).join(VALUE_SEPARATOR);
}

/** A single value as the string the options carry (forms may hold numbers). */
export function singleValue(value: unknown): string | undefined {
  return value === undefined || value === null || value === '' ? undefined : String(value);
}
