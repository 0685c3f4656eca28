// Keyboard moves between cells, spreadsheet style (README, "Keyboard"):
// - Enter / ArrowDown: the same column one row down; Shift+Enter / ArrowUp: one row up.
// - ArrowLeft with the caret at the start, ArrowRight with the caret at the end: the previous / next
//   editable cell of the row (the caret moves inside the text otherwise).
// - Tab / Shift+Tab: the browser's own order, which is the cells' order.
// Only native text inputs of the grid take part: opened selects, pickers and pop-up editors keep
// their keys, and a key pressed while an input method composes Chinese is never taken.
import type { KeyboardEvent } from 'react';

export type CellMove = { rows: number; cols: 0 } | { rows: 0; cols: -1 | 1 };

/** What a key pressed in a grid text input asks for, or null when the input keeps the key. */
export function moveForKey(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>, input: HTMLInputElement, composing: boolean): CellMove | null {
  if (composing || e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'Enter':
      return { rows: e.shiftKey ? -1 : 1, cols: 0 };
    case 'ArrowDown':
      return e.shiftKey ? null : { rows: 1, cols: 0 };
    case 'ArrowUp':
      return e.shiftKey ? null : { rows: -1, cols: 0 };
    case 'ArrowLeft':
      return !e.shiftKey && caretAt(input, 'start') ? { rows: 0, cols: -1 } : null;
    case 'ArrowRight':
      return !e.shiftKey && caretAt(input, 'end') ? { rows: 0, cols: 1 } : null;
    default:
      return null;
  }
}

function caretAt(input: HTMLInputElement, where: 'start' | 'end'): boolean {
  const { selectionStart, selectionEnd, value } = input;
  // Inputs without a caret (type number) count as both ends.
  if (selectionStart === null || selectionEnd === null) return true;
  if (selectionStart !== selectionEnd) return false;
  return where === 'start' ? selectionStart === 0 : selectionEnd === value.length;
}

/** The element to focus in a cell: its input, else its first button or other focusable control. */
export function focusTarget(cell: Element): HTMLElement | null {
  return cell.querySelector<HTMLElement>('input:not([disabled]):not([type="checkbox"]):not([type="radio"]), button.eg-input:not([disabled])');
}

/** Focuses a cell once it is drawn: a row scrolled into view shows its editors once scrolling stops. */
export function focusCellWhenDrawn(root: HTMLElement, rowId: string, key: string, tries = 90): void {
  const cell = root.querySelector(`[data-row-id="${attr(rowId)}"] [role="cell"][data-key="${attr(key)}"]`);
  const target = cell && focusTarget(cell);
  if (target) {
    target.focus();
    if (target instanceof HTMLInputElement) target.select();
    return;
  }
  if (tries > 0) requestAnimationFrame(() => focusCellWhenDrawn(root, rowId, key, tries - 1));
}

const attr = (s: string) => s.replace(/["\\]/g, '\\$&');

/** Columns a sideways move may land on: ones holding an editor. */
const NOT_EDITABLE = new Set(['normal', 'progress', 'slot', 'hidden']);
export function editableKeys(columns: readonly { key: string; type: string; disabled?: boolean }[]): string[] {
  return columns.filter((c) => !c.type.startsWith('row-') && !NOT_EDITABLE.has(c.type) && !c.disabled).map((c) => c.key);
}
