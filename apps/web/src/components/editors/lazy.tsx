// The editors as lazily loaded components: Tiptap, CodeMirror, marked and DOMPurify stay out of the
// chunk of any page that merely may show an editor. A box of the editor's height holds the place.
import { lazy, Suspense, type ComponentType } from 'react';
import { Spin } from 'antd';
import type { CodeEditorProps } from './CodeEditor';
import type { MarkdownEditorProps } from './MarkdownEditor';
import type { RichTextEditorProps } from './RichTextEditor';

function Loading({ height }: { height: number | string }) {
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Spin size="small" />
    </div>
  );
}

function lazyEditor<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, heightOf: (p: P) => number | string) {
  const Editor = lazy(load);
  const Lazy = (props: P) => (
    <Suspense fallback={<Loading height={heightOf(props)} />}>
      <Editor {...props} />
    </Suspense>
  );
  return Lazy;
}

export const LazyRichTextEditor = lazyEditor<RichTextEditorProps>(() => import('./RichTextEditor'), (p) => (p.height ?? 300) + 41);
export const LazyCodeEditor = lazyEditor<CodeEditorProps>(() => import('./CodeEditor'), (p) => p.height ?? 300);
export const LazyMarkdownEditor = lazyEditor<MarkdownEditorProps>(() => import('./MarkdownEditor'), (p) => Math.max(200, p.height ?? 300) + 41);
