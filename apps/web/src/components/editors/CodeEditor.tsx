// Code editor (spec/02 §9): CodeMirror 6 with the spec's modes, tab size 2, line numbers, read-only
// mode and an optional fullscreen switch. A controlled value, usable inside an antd Form.
import { useEffect, useState, type CSSProperties } from 'react';
import type { Extension } from '@codemirror/state';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { t } from '../../lib/i18n';
import { loadLanguage, type CodeLanguage } from './codemirror/languages';
import { useCodeMirror } from './codemirror/useCodeMirror';

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  language?: CodeLanguage;
  /** Pixels or any CSS length; default 300. */
  height?: number | string;
  readOnly?: boolean;
  lineNumbers?: boolean;
  placeholder?: string;
  /** Shows the fullscreen switch in the corner. */
  fullscreenToggle?: boolean;
  className?: string;
  style?: CSSProperties;
}

const FULLSCREEN: CSSProperties = { position: 'fixed', inset: 0, zIndex: 1100, background: '#fff', padding: 8 };

/** Loads the language pack for a mode; undefined until it is there. */
function useLanguage(language: CodeLanguage | undefined): Extension | undefined {
  const [loaded, setLoaded] = useState<{ name: CodeLanguage; ext: Extension }>();
  useEffect(() => {
    if (!language) return;
    let live = true;
    loadLanguage(language).then(
      (ext) => live && setLoaded({ name: language, ext }),
      () => {
        /* plain text is still editable when a pack fails to load */
      },
    );
    return () => {
      live = false;
    };
  }, [language]);
  return loaded && loaded.name === language ? loaded.ext : undefined;
}

export function CodeEditor({
  value = '',
  onChange,
  language,
  height = 300,
  readOnly,
  lineNumbers = true,
  placeholder,
  fullscreenToggle = true,
  className,
  style,
}: CodeEditorProps) {
  const [fullscreen, setFullscreen] = useState(false);
  const languageExt = useLanguage(language);
  const { host } = useCodeMirror({ value, onChange, readOnly, lineNumbers, placeholder, language: languageExt });
  const boxStyle: CSSProperties = fullscreen ? FULLSCREEN : { position: 'relative', height, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', ...style };
  return (
    <div className={className} style={boxStyle} data-language={language} data-fullscreen={fullscreen || undefined}>
      <div ref={host} style={{ height: '100%' }} />
      {fullscreenToggle && (
        <Tooltip title={t(fullscreen ? '退出全屏' : '全屏')}>
          <Button
            size="small"
            type="text"
            aria-label={t(fullscreen ? '退出全屏' : '全屏')}
            icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFullscreen((f) => !f)}
            style={{ position: 'absolute', top: fullscreen ? 12 : 4, right: fullscreen ? 16 : 8, zIndex: 5 }}
          />
        </Tooltip>
      )}
    </div>
  );
}

export default CodeEditor;
