// Column helper: dictionary fields show `<field>_dictText`, sortable columns sort by the field itself,
// and a leading row-number column like the original lists.
import { useMemo, type ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import { t } from '../../lib/i18n';

export interface ListColumn<T> extends Omit<ColumnType<T>, 'dataIndex'> {
  dataIndex?: string;
  /** Render `<dataIndex>_dictText` (falls back to the raw value). */
  dict?: boolean;
}

export function dictText(row: object, field: string): ReactNode {
  const r = row as Record<string, unknown>;
  const text = r[`${field}_dictText`];
  // a dictionary text is shown in the interface language (正常 → Active); a raw value as it is
  if (text !== undefined && text !== null && text !== '') return t(String(text));
  const v = r[field];
  return v === undefined || v === null ? '' : String(v);
}

export function toTableColumn<T extends object>(c: ListColumn<T>): ColumnType<T> {
  const { dict, ...col } = c;
  const out: ColumnType<T> = { align: 'center', key: c.key ?? c.dataIndex, ...col };
  // column lists are mostly written where the module loads, in Chinese: the title is shown in the interface language
  if (typeof col.title === 'string') out.title = t(col.title);
  if (dict && c.dataIndex && !c.render) {
    const field = c.dataIndex;
    out.render = (_v: unknown, row: T) => dictText(row, field);
  }
  return out;
}

export const ROW_NUMBER_COLUMN = {
  title: '#',
  key: 'rowIndex',
  width: 60,
  align: 'center' as const,
  render: (_v: unknown, _r: unknown, index: number) => index + 1,
};

export function useListColumns<T extends object>(columns: ListColumn<T>[], opts: { rowNumber?: boolean } = {}): ColumnType<T>[] {
  const rowNumber = opts.rowNumber ?? true;
  return useMemo(() => {
    const cols = columns.map(toTableColumn);
    return rowNumber ? [ROW_NUMBER_COLUMN as ColumnType<T>, ...cols] : cols;
  }, [columns, rowNumber]);
}
