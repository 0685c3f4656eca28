// Which columns the grid draws and how wide they are (spec/02 §9 widths).
import type { CSSProperties } from 'react';
import type { GridColumn } from './types';
import { t } from '../../lib/i18n';

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
  /** position: sticky offsets of fixed columns, from the grid's left or right edge. */
  stickyLeft?: number;
  stickyRight?: number;
  /** The fixed column next to the scrolling ones (draws the edge shadow). */
  fixedEdge?: boolean;
}

/** Row helpers stay at the left edge with the columns fixed left; columns fixed right go last. */
function fixedSide(c: GridColumn): 'left' | 'right' | undefined {
  return c.fixed ?? (c.type.startsWith('row-') ? 'left' : undefined);
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
  const sized: LaidOutColumn[] = shown.map((c) => {
    let width: number;
    if (c.type === 'row-number') width = ROW_NUMBER_WIDTH;
    else if (c.type.startsWith('row-')) width = helper;
    else width = Math.max(c.width ?? DEFAULT_WIDTH, MIN_WIDTHS[c.type] ?? 0);
    // Titles and placeholders written in Chinese by the page are shown in the interface language (like list columns).
    return { ...c, title: c.title && t(c.title), ...(c.placeholder ? { placeholder: t(c.placeholder) } : {}), width };
  });
  const left = sized.filter((c) => fixedSide(c) === 'left');
  const right = sized.filter((c) => fixedSide(c) === 'right');
  const middle = sized.filter((c) => !fixedSide(c));
  // Only worth sticking when something scrolls beside them.
  if (!middle.length) return sized;
  let offset = 0;
  left.forEach((c, i) => {
    c.stickyLeft = offset;
    offset += c.width;
    if (i === left.length - 1) c.fixedEdge = true;
  });
  offset = 0;
  for (let i = right.length - 1; i >= 0; i--) {
    right[i].stickyRight = offset;
    offset += right[i].width;
    if (i === 0) right[i].fixedEdge = true;
  }
  return [...left, ...middle, ...right];
}

/** Width and, for fixed columns, the sticky offset of a cell, header or footer cell. */
export function columnStyle(col: LaidOutColumn): CSSProperties {
  const style: CSSProperties = { width: col.width, flex: `0 0 ${col.width}px` };
  if (col.stickyLeft !== undefined) style.left = col.stickyLeft;
  if (col.stickyRight !== undefined) style.right = col.stickyRight;
  return style;
}

/** Class names of a fixed column's cells. */
export function fixedClass(col: LaidOutColumn): string {
  if (col.stickyLeft !== undefined) return ` eg-fixed eg-fixed-left${col.fixedEdge ? ' eg-fixed-edge' : ''}`;
  if (col.stickyRight !== undefined) return ` eg-fixed eg-fixed-right${col.fixedEdge ? ' eg-fixed-edge' : ''}`;
  return '';
}

/** The selection mode: the prop, or the kind of selection column given. */
export function selectionModeOf(columns: readonly GridColumn[], prop: 'checkbox' | 'radio' | false | undefined): 'checkbox' | 'radio' | false {
  if (prop) return prop;
  if (columns.some((c) => c.type === 'row-radio')) return 'radio';
  if (columns.some((c) => c.type === 'row-checkbox')) return 'checkbox';
  return false;
}
