// One CodeMirror 6 view bound to a React value: created once, fed new values from props without
// echoing them back as changes, and reconfigured in place when the language or read-only flag changes.
import { useEffect, useRef, useState } from 'react';
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import {
  EditorView,
  drawSelection,
  dropCursor,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';
import { bracketMatching, defaultHighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { editingKeys } from './keys';

/** Tab size of every code editor (spec/02 §9). */
export const TAB_SIZE = 2;

const fromProps = Annotation.define<boolean>();

export interface CodeMirrorOptions {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  lineNumbers?: boolean;
  placeholder?: string;
  /** Language support; undefined while it loads. */
  language?: Extension;
  /** Fixed extras (themes, wrapping), read once. */
  extensions?: Extension[];
}

export function useCodeMirror(options: CodeMirrorOptions) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const onChange = useRef(options.onChange);
  onChange.current = options.onChange;
  const compartments = useRef({ language: new Compartment(), readOnly: new Compartment(), gutter: new Compartment() });

  const readOnlyExt = (readOnly: boolean) => [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
  const gutterExt = (show: boolean) => (show ? [lineNumbers(), highlightActiveLineGutter()] : []);

  useEffect(() => {
    const c = compartments.current;
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: options.value ?? '',
        extensions: [
          c.gutter.of(gutterExt(options.lineNumbers !== false)),
          highlightSpecialChars(),
          drawSelection(),
          dropCursor(),
          highlightActiveLine(),
          indentOnInput(),
          bracketMatching(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          EditorState.tabSize.of(TAB_SIZE),
          indentUnit.of(' '.repeat(TAB_SIZE)),
          editingKeys,
          c.readOnly.of(readOnlyExt(!!options.readOnly)),
          c.language.of(options.language ?? []),
          options.placeholder ? placeholderText(options.placeholder) : [],
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || u.transactions.some((t) => t.annotation(fromProps))) return;
            onChange.current?.(u.state.doc.toString());
          }),
          fillHost,
          ...(options.extensions ?? []),
        ],
      }),
    });
    setView(created);
    return () => created.destroy();
    // Created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!view) return;
    const next = options.value ?? '';
    if (view.state.doc.toString() === next) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next }, annotations: [fromProps.of(true), Transaction.addToHistory.of(false)] });
  }, [view, options.value]);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.language.reconfigure(options.language ?? []) });
  }, [view, options.language]);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.readOnly.reconfigure(readOnlyExt(!!options.readOnly)) });
  }, [view, options.readOnly]);

  useEffect(() => {
    view?.dispatch({ effects: compartments.current.gutter.reconfigure(gutterExt(options.lineNumbers !== false)) });
  }, [view, options.lineNumbers]);

  return { host, view };
}

/** The view fills its host (which carries the height) and scrolls inside it. */
export const fillHost: Extension = EditorView.theme({
  '&': { height: '100%' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'Menlo, Consolas, monospace' },
});
