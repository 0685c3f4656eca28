// Temporary ids for new rows and the per-row view state kept by the grid store.
import type { GridRow, UploadedValue } from './types';

export const TEMP_ID_PREFIX = '__tmp_';
let tempSeq = 0;
export function newTempId(): string {
  tempSeq += 1;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}_${tempSeq}`;
}
export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

/** Everything a row needs to draw itself; replaced (never mutated) so React sees the change. */
export interface RowState {
  row: GridRow;
  /** column key -> first failing rule's message */
  errors: Readonly<Record<string, string>> | null;
  selected: boolean;
  expanded: boolean;
  /** column key -> counter, bumped to replay the date/time reload highlight */
  reloading: Readonly<Record<string, number>> | null;
  /** column key -> upload progress of upload/file/image cells */
  uploads: Readonly<Record<string, UploadedValue>> | null;
}

export function freshState(row: GridRow): RowState {
  return { row, errors: null, selected: false, expanded: false, reloading: null, uploads: null };
}

/** Strips temporary ids when asked; existing rows keep theirs. */
export function outputRow(row: GridRow, stripTempIds: boolean): GridRow {
  if (!stripTempIds || !isTempId(row.id)) return row;
  const { id: _drop, ...rest } = row;
  return rest as GridRow;
}
