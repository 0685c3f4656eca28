// Toolbar actions of the markdown editor, as edits of the CodeMirror document.
import { EditorSelection } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/** Surrounds each selection (or a placeholder word) with the given marks, e.g. ** for bold. */
export function wrapSelection(view: EditorView, before: string, after: string, placeholder: string): void {
  view.dispatch(
    view.state.changeByRange((range) => {
      const text = view.state.sliceDoc(range.from, range.to) || placeholder;
      const insert = `${before}${text}${after}`;
      return {
        changes: { from: range.from, to: range.to, insert },
        range: EditorSelection.range(range.from + before.length, range.from + before.length + text.length),
      };
    }),
    { userEvent: 'input', scrollIntoView: true },
  );
  view.focus();
}

/** Puts a prefix (e.g. '> ', '- ', '## ') before every line touched by the selection. */
export function prefixLines(view: EditorView, prefix: string): void {
  const { state } = view;
  const changes: { from: number; insert: string }[] = [];
  for (const range of state.selection.ranges) {
    for (let n = state.doc.lineAt(range.from).number; n <= state.doc.lineAt(range.to).number; n++) {
      const line = state.doc.line(n);
      if (!changes.some((c) => c.from === line.from)) changes.push({ from: line.from, insert: prefix });
    }
  }
  view.dispatch({ changes, userEvent: 'input', scrollIntoView: true });
  view.focus();
}

/** Inserts text at the cursor on a line of its own: line breaks are added around it when the cursor is inside a line. */
export function insertBlock(view: EditorView, text: string): void {
  const { state } = view;
  const at = state.selection.main.head;
  const line = state.doc.lineAt(at);
  const end = state.selection.main.to;
  const before = at > line.from ? '\n' : '';
  const after = end < state.doc.lineAt(end).to ? '\n' : '';
  const insert = before + text + after;
  view.dispatch({
    changes: { from: at, to: end, insert },
    selection: EditorSelection.cursor(at + before.length + text.length),
    userEvent: 'input',
    scrollIntoView: true,
  });
  view.focus();
}
