// What every cell receives. Only primitive-ish values are passed so memoised cells skip re-renders
// when another cell of the same row changes.
import type { ReactNode } from 'react';
import type { GridController } from '../controller';
import type { LaidOutColumn } from '../gridColumns';
import type { GridOption, GridRow, UploadedValue } from '../types';
import { t } from '../../../lib/i18n';

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

/** An option's text in the interface language when the catalogue knows it (options written in code, dictionary labels). */
export const optionText = (o: GridOption): string => t(String(o.text ?? o.title ?? o.label ?? o.value));

export const textOf = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
