// antd in the interface language (Chinese unless English was chosen) with the chosen primary colour,
// light or dark. Each lazily loaded screen that uses antd wraps
// itself in this, so the entry chunk and the sign-in page carry no antd code.
import type { ComponentType, ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the CommonJS one reaches ConfigProvider wrapped in a module object and shows English.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { currentLocale } from '../../lib/i18n';
import { useDisplay } from '../../lib/display/store';
import '../../lib/antdReact19';
import { themeOf } from './theme';

export function AntdProvider({ children }: { children: ReactNode }) {
  const chosen = useDisplay((s) => s.primaryColor);
  const dark = useDisplay((s) => s.darkMode);
  return (
    <ConfigProvider locale={currentLocale() === 'en-US' ? enUS : zhCN} theme={themeOf(chosen, dark)}>
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
