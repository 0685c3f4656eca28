// Pure helpers shared by the pickers: comma-joined values, shortened texts, config parsing.
import { SEPARATOR } from './constants';

export function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((s) => s !== '');
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  return String(value)
    .split(SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export const joinValues = (values: readonly unknown[]) => values.map(String).join(SEPARATOR);

/** `text` cut to `max` characters with an ellipsis (the full text goes in a title). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Text for wire values, in their order; a value with no known record shows as itself. */
export function textsFor(values: string[], rows: Record<string, unknown>[], store: string, text: string): string[] {
  return values.map((v) => {
    const row = rows.find((r) => String(r[store] ?? '') === v);
    const shown = row?.[text];
    return shown === undefined || shown === null || shown === '' ? v : String(shown);
  });
}

export interface FieldExtend {
  store?: string;
  text?: string;
  multiSelect?: boolean;
}

/** A column's `fieldExtendJson` (a JSON string or an object); anything unreadable means no overrides. */
export function parseFieldExtend(raw: string | FieldExtend | undefined | null): FieldExtend {
  if (!raw) return {};
  let obj: unknown = raw;
  if (typeof raw === 'string') {
    try {
      obj = JSON.parse(raw);
    } catch {
      return {};
    }
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return {};
  const { store, text, multiSelect } = obj as Record<string, unknown>;
  const out: FieldExtend = {};
  if (typeof store === 'string' && store) out.store = store;
  if (typeof text === 'string' && text) out.text = text;
  if (typeof multiSelect === 'boolean') out.multiSelect = multiSelect;
  return out;
}

/** Wraps a typed query text as the list conventions' contains match (`*v*`). */
export const containsQuery = (v: string) => (v.trim() ? `*${v.trim()}*` : '');
