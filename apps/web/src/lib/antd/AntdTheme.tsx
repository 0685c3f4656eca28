// antd in the interface language (Chinese unless English was chosen) with the chosen primary colour,
// light or dark, following the display settings as they change.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the CommonJS one reaches ConfigProvider wrapped in a module object and shows English.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { currentLocale } from '../i18n';
import { useDisplay } from '../display/store';
import { themeOf } from './theme';

export function AntdTheme({ children }: { children: ReactNode }) {
  const chosen = useDisplay((s) => s.primaryColor);
  const dark = useDisplay((s) => s.darkMode);
  return (
    <ConfigProvider locale={currentLocale() === 'en-US' ? enUS : zhCN} theme={themeOf(chosen, dark)}>
      {children}
    </ConfigProvider>
  );
}
