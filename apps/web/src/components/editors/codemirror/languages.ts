// Language support for the code editor's modes. Each language pack is imported on first use so none
// of them weighs on the chunk that shows the editor.
import type { Extension } from '@codemirror/state';
import { StreamLanguage, type StreamParser } from '@codemirror/language';
import type { CodeLanguage } from './modes';

export { CODE_LANGUAGES, isCodeLanguage, type CodeLanguage } from './modes';

/** Legacy (CodeMirror 5 style) modes run through StreamLanguage. */
const legacy = <T>(load: Promise<T>, pick: (m: T) => StreamParser<unknown>) => load.then((m) => StreamLanguage.define(pick(m)));

const LOADERS: Record<CodeLanguage, () => Promise<Extension>> = {
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  'objective-c': () => legacy(import('@codemirror/legacy-modes/mode/clike'), (m) => m.objectiveC),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  R: () => legacy(import('@codemirror/legacy-modes/mode/r'), (m) => m.r),
  shell: () => legacy(import('@codemirror/legacy-modes/mode/shell'), (m) => m.shell),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  swift: () => legacy(import('@codemirror/legacy-modes/mode/swift'), (m) => m.swift),
  vue: () => import('@codemirror/lang-vue').then((m) => m.vue()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
};

const loaded = new Map<CodeLanguage, Promise<Extension>>();

/** The language support for a mode, loaded once and shared by every editor. */
export function loadLanguage(language: CodeLanguage): Promise<Extension> {
  let pending = loaded.get(language);
  if (!pending) {
    pending = LOADERS[language]();
    // A failed load (network gone) may be retried next time.
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}
