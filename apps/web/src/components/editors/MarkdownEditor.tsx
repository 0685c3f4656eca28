// Markdown editor (spec/02 §2, §9): CodeMirror with markdown highlighting beside a live preview
// (marked, sanitised with DOMPurify); toolbar in Chinese with the 图片 dialog. Height 300, at least 200.
import { useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { Button, Segmented, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { t } from '../../lib/i18n';
import { loadLanguage } from './codemirror/languages';
import { useCodeMirror } from './codemirror/useCodeMirror';
import { MarkdownImageDialog } from './markdown/MarkdownImageDialog';
import { insertBlock, prefixLines, wrapSelection } from './markdown/markdownCommands';
import { renderMarkdown } from './markdown/renderMarkdown';

export const MARKDOWN_DEFAULT_HEIGHT = 300;
export const MARKDOWN_MIN_HEIGHT = 200;

export type MarkdownMode = 'edit' | 'live' | 'preview';

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Pixels; default 300, never below 200. */
  height?: number;
  readOnly?: boolean;
  placeholder?: string;
  /** Which panes show; default both (live preview). */
  defaultMode?: MarkdownMode;
  style?: CSSProperties;
}

const wrapLines: Extension = EditorView.lineWrapping;

export function MarkdownEditor({ value = '', onChange, height = MARKDOWN_DEFAULT_HEIGHT, readOnly, placeholder = t('请输入内容'), defaultMode = 'live', style }: MarkdownEditorProps) {
  const [mode, setMode] = useState<MarkdownMode>(readOnly ? 'preview' : defaultMode);
  const [imageOpen, setImageOpen] = useState(false);
  const [markdownLang, setMarkdownLang] = useState<Extension>();
  useEffect(() => {
    let live = true;
    loadLanguage('markdown').then((ext) => live && setMarkdownLang(ext), () => {});
    return () => {
      live = false;
    };
  }, []);
  const { host, view } = useCodeMirror({ value, onChange, readOnly, lineNumbers: false, placeholder, language: markdownLang, extensions: [wrapLines] });
  const preview = useMemo(() => renderMarkdown(value), [value]);
  const paneHeight = Math.max(MARKDOWN_MIN_HEIGHT, height);

  const act = (run: (v: EditorView) => void) => () => {
    if (view && !readOnly) run(view);
  };
  const tool = (title: string, icon: ReactNode, run: (v: EditorView) => void) => (
    <Tooltip title={t(title)} key={title}>
      <Button type="text" size="small" aria-label={t(title)} icon={icon} disabled={readOnly || mode === 'preview'} onClick={act(run)} />
    </Tooltip>
  );

  return (
    <div className="markdown-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6, ...style }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '4px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <Space size={2} wrap>
          {tool('加粗', <BoldOutlined />, (v) => wrapSelection(v, '**', '**', t('加粗文字')))}
          {tool('斜体', <ItalicOutlined />, (v) => wrapSelection(v, '*', '*', t('斜体文字')))}
          <Tooltip title={t('标题', undefined, 'heading')}>
            <Button type="text" size="small" aria-label={t('标题', undefined, 'heading')} disabled={readOnly || mode === 'preview'} onClick={act((v) => prefixLines(v, '## '))}>
              H
            </Button>
          </Tooltip>
          {tool('无序列表', <UnorderedListOutlined />, (v) => prefixLines(v, '- '))}
          {tool('有序列表', <OrderedListOutlined />, (v) => prefixLines(v, '1. '))}
          {tool('代码', <CodeOutlined />, (v) => wrapSelection(v, '`', '`', 'code'))}
          {tool('链接', <LinkOutlined />, (v) => wrapSelection(v, '[', '](https://)', t('链接文字')))}
          <Tooltip title={t('图片')}>
            <Button type="text" size="small" aria-label={t('图片')} icon={<PictureOutlined />} disabled={readOnly || mode === 'preview'} onClick={() => setImageOpen(true)} />
          </Tooltip>
        </Space>
        <Segmented<MarkdownMode>
          size="small"
          value={mode}
          onChange={setMode}
          options={[
            { label: t('编辑'), value: 'edit', disabled: readOnly },
            { label: t('实时预览'), value: 'live', disabled: readOnly },
            { label: t('预览'), value: 'preview' },
          ]}
        />
      </div>
      <div style={{ display: 'flex', height: paneHeight }} data-testid="markdown-panes">
        <div ref={host} style={{ flex: 1, minWidth: 0, height: '100%', display: mode === 'preview' ? 'none' : undefined }} />
        {mode !== 'edit' && (
          <div
            className="markdown-preview"
            data-testid="markdown-preview"
            style={{ flex: 1, minWidth: 0, overflow: 'auto', padding: '4px 12px', borderLeft: mode === 'live' ? '1px solid #f0f0f0' : undefined }}
            // Sanitised by renderMarkdown (DOMPurify).
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        )}
      </div>
      <MarkdownImageDialog
        open={imageOpen}
        onCancel={() => setImageOpen(false)}
        onInsert={(markdown) => {
          setImageOpen(false);
          if (view) insertBlock(view, markdown);
        }}
      />
    </div>
  );
}

export default MarkdownEditor;
