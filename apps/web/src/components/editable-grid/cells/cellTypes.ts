// What every cell receives. Only primitive-ish values are passed so memoised cells skip re-renders
// when another cell of the same row changes.
import type { ReactNode } from 'react';
import type { GridController } from '../controller';
import type { LaidOutColumn } from '../gridColumns';
import type { GridOption, GridRow, UploadedValue } from '../types';

export interface GridContextValue {
  controller: GridController;
  optionsFor(column: LaidOutColumn): GridOption[];
  inputSize: 'middle' | 'small';
  disabled: boolean;
  expandedRowRender?: (row: GridRow, index: number) => ReactNode;
  /** Row being dragged by its handle (HTML5 drag and drop). */
  dragging: { id: string | null };
}

export interface CellProps {
  column: LaidOutColumn;
  rowId: string;
  index: number;
  value: unknown;
  disabled: boolean;
  /** Value of the column named by linkageKey. */
  parentValue?: unknown;
  reloading?: number;
  upload?: UploadedValue;
  selected?: boolean;
  expanded?: boolean;
  selectable?: boolean;
  ctx: GridContextValue;
}

export const optionText = (o: GridOption): string => String(o.text ?? o.title ?? o.label ?? o.value);

export const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
