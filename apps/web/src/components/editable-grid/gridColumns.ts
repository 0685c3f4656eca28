// Which columns the grid draws and how wide they are (spec/02 §9 widths).
import type { GridColumn } from './types';

const HELPER_WIDTH = 40;
const HELPER_WIDTH_WITH_FOOTER = 60;
const ROW_NUMBER_WIDTH = 60;
const DEFAULT_WIDTH = 150;
const MIN_WIDTHS: Partial<Record<GridColumn['type'], number>> = {
  date: 135,
  datetime: 190,
  sel_user: 190,
  sel_depart: 190,
};

export interface LaidOutColumn extends GridColumn {
  width: number;
}

export function layoutColumns(
  columns: readonly GridColumn[],
  opts: { selection: 'checkbox' | 'radio' | false; dragSort: boolean; footer: boolean; expandable: boolean },
): LaidOutColumn[] {
  const shown: GridColumn[] = columns.filter((c) => c.type !== 'hidden');
  const has = (t: GridColumn['type']) => shown.some((c) => c.type === t);
  if (opts.expandable && !has('row-expand')) shown.unshift({ key: '__expand', title: '', type: 'row-expand' });
  if (opts.selection && !has('row-checkbox') && !has('row-radio')) {
    shown.unshift({ key: '__selection', title: '', type: opts.selection === 'radio' ? 'row-radio' : 'row-checkbox' });
  }
  if (opts.dragSort && !has('row-drag-sort')) shown.unshift({ key: '__drag', title: '', type: 'row-drag-sort' });
  const helper = opts.footer ? HELPER_WIDTH_WITH_FOOTER : HELPER_WIDTH;
  return shown.map((c) => {
    let width: number;
    if (c.type === 'row-number') width = ROW_NUMBER_WIDTH;
    else if (c.type.startsWith('row-')) width = helper;
    else width = Math.max(c.width ?? DEFAULT_WIDTH, MIN_WIDTHS[c.type] ?? 0);
    return { ...c, width };
  });
}

/** The selection mode: the prop, or the kind of selection column given. */
export function selectionModeOf(columns: readonly GridColumn[], prop: 'checkbox' | 'radio' | false | undefined): 'checkbox' | 'radio' | false {
  if (prop) return prop;
  if (columns.some((c) => c.type === 'row-radio')) return 'radio';
  if (columns.some((c) => c.type === 'row-checkbox')) return 'checkbox';
  return false;
}
