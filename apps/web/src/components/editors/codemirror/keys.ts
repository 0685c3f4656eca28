// Keys of the code and markdown editors: undo history, the standard editing keys, and Tab indenting
// by the indent unit (2 spaces) instead of leaving the editor.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { keymap } from '@codemirror/view';

export const editingKeys = [history(), keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab])];
