// Rules of the popup picker's configuration and of what it emits (spec/02 §5).
import { MESSAGES, SEPARATOR } from './constants';
import { splitValues } from './values';
import type { AnyRow } from './types';
import { t } from '../../lib/i18n';

export interface PopupFieldMap {
  orgFields: string[];
  destFields: string[];
}

/** The fields to copy, or the message refusing the configuration. */
export function checkPopupConfig(code: string | undefined, orgFields: string | undefined, destFields: string | undefined): PopupFieldMap | { error: string } {
  const org = splitValues(orgFields);
  const dest = splitValues(destFields);
  if (!code?.trim() || !org.length || !dest.length) return { error: t(MESSAGES.popupBadConfig) };
  if (org.length !== dest.length) return { error: t(MESSAGES.popupCountMismatch) };
  return { orgFields: org, destFields: dest };
}

export interface PopupSort {
  column: string;
  order: 'asc' | 'desc';
}

/** 'column=asc|desc' as a sort; undefined when absent; 'invalid' when malformed. */
export function parseSorter(sorter: string | undefined): PopupSort | undefined | 'invalid' {
  if (!sorter?.trim()) return undefined;
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(asc|desc)\s*$/i.exec(sorter);
  if (!m) return 'invalid';
  return { column: m[1], order: m[2].toLowerCase() as 'asc' | 'desc' };
}

/** Each target field gets the chosen rows' values of its source field, comma-joined. */
export function mapRows(rows: AnyRow[], { orgFields, destFields }: PopupFieldMap): Record<string, string> {
  const out: Record<string, string> = {};
  destFields.forEach((dest, i) => {
    out[dest] = rows.map((r) => (r[orgFields[i]] === null || r[orgFields[i]] === undefined ? '' : String(r[orgFields[i]]))).join(SEPARATOR);
  });
  return out;
}

/** `param` as the report's `self_<name>` parameters. */
export function selfParams(param: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(param ?? {})) {
    if (v !== undefined && v !== null && v !== '') out[`self_${k}`] = String(v);
  }
  return out;
}

/** Why a submit is refused: nothing chosen, or more than one in single mode. */
export function selectionError(count: number, multi: boolean): string | undefined {
  return count === 0 || (!multi && count > 1) ? t(MESSAGES.popupSelectOne) : undefined;
}

/** A stable key for a report row: its id, else its values. */
export const popupRowKey = (r: AnyRow) => (r.id !== undefined && r.id !== null ? String(r.id) : JSON.stringify(r));
