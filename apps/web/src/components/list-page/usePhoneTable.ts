import { Grid } from 'antd';

/**
 * A table's layout on a phone: its columns keep their natural width and it scrolls sideways inside its
 * card, rather than squeezing each column to a character a line or running off the screen. A pinned
 * column (the 操作 column) would cover the narrow screen, so nothing is pinned there.
 */
export function usePhoneTable() {
  const narrow = !Grid.useBreakpoint().md;
  return {
    /** the table's scroll on a phone; undefined on a wider screen (the page's own, if any) */
    scroll: narrow ? { x: 'max-content' as const } : undefined,
    unpinned<C extends object>(columns: C[]): C[] {
      return narrow ? columns.map((c) => ({ ...c, fixed: undefined })) : columns;
    },
  };
}
