// Which cell component draws which column type.
import type { ComponentType } from 'react';
import type { ColumnType } from '../types';
import type { CellProps } from './cellTypes';
import { CheckboxCell, RadioCell } from './ChoiceCells';
import { DateCell } from './DateCell';
import { NormalCell, ProgressCell, SlotCell } from './MiscCells';
import { PopupCell } from './PopupCell';
import { RowDragCell, RowExpandCell, RowNumberCell, RowSelectCell } from './RowCells';
import { SelectCell } from './SelectCell';
import { InputCell, NumberCell, TextareaCell } from './TextCells';
import { UploadCell } from './UploadCell';

export const CELLS: Record<ColumnType, ComponentType<CellProps> | null> = {
  input: InputCell,
  tags: InputCell,
  inputNumber: NumberCell,
  textarea: TextareaCell,
  input_pop: TextareaCell,
  select: SelectCell,
  list_multi: SelectCell,
  sel_search: SelectCell,
  sel_search_async: SelectCell,
  'select-search': SelectCell,
  'select-multiple': SelectCell,
  sel_user: SelectCell,
  sel_depart: SelectCell,
  radio: RadioCell,
  checkbox: CheckboxCell,
  date: DateCell,
  datetime: DateCell,
  time: DateCell,
  upload: UploadCell,
  file: UploadCell,
  image: UploadCell,
  popup: PopupCell,
  progress: ProgressCell,
  slot: SlotCell,
  normal: NormalCell,
  hidden: null,
  'row-number': RowNumberCell,
  'row-checkbox': RowSelectCell,
  'row-radio': RowSelectCell,
  'row-expand': RowExpandCell,
  'row-drag-sort': RowDragCell,
};

export type { CellProps, GridContextValue } from './cellTypes';
