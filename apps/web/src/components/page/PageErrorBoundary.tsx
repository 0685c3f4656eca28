// Catches a page that fails to load or render (e.g. a missing chunk after a deploy: ChunkLoadError)
// so the rest of the shell keeps working.
import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { t } from '../../lib/i18n';

interface State {
  error: Error | null;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = /dynamically imported module|Loading chunk|ChunkLoadError|Failed to fetch/i.test(error.message);
    return (
      <Result
        status="error"
        title={chunk ? t('页面加载失败') : t('页面出错了')}
        subTitle={chunk ? t('ChunkLoadError：页面文件未能加载，可能是系统已更新，请刷新后重试。') : error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('刷新页面')}
          </Button>
        }
      />
    );
  }
}
