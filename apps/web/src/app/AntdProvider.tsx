// antd in Chinese with the chosen primary colour. Each lazily loaded screen that uses antd wraps
// itself in this, so the entry chunk and the sign-in page carry no antd code.
import type { ComponentType, ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the CommonJS one reaches ConfigProvider wrapped in a module object and shows English.
import zhCN from 'antd/es/locale/zh_CN';
import { useDisplay } from '../layouts/display/store';
import '../lib/antdReact19';

export function AntdProvider({ children }: { children: ReactNode }) {
  const primary = useDisplay((s) => s.primaryColor);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: primary } }}>
      {children}
    </ConfigProvider>
  );
}

export function withAntd<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <AntdProvider>
      <Screen {...props} />
    </AntdProvider>
  );
  Wrapped.displayName = `withAntd(${Screen.displayName ?? Screen.name})`;
  return Wrapped;
}
