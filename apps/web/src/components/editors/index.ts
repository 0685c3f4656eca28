// Editors for forms (spec/02 §2, §9). The Lazy* components load their editor on first render; use
// them from pages so the editor libraries stay in their own chunks.
export { LazyCodeEditor, LazyMarkdownEditor, LazyRichTextEditor } from './lazy';
export type { CodeEditorProps } from './CodeEditor';
export type { MarkdownEditorProps, MarkdownMode } from './MarkdownEditor';
export type { RichTextEditorProps } from './RichTextEditor';
export { CODE_LANGUAGES, isCodeLanguage, type CodeLanguage } from './codemirror/modes';
