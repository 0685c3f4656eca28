// antd in the interface language (Chinese unless English was chosen) with the chosen primary colour,
// light or dark. Each lazily loaded screen that uses antd wraps
// itself in this, so the entry chunk and the sign-in page carry no antd code.
import { use, type ComponentType, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the CommonJS one reaches ConfigProvider wrapped in a module object and shows English.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { currentLocale } from '../../lib/i18n';
import { useDisplay } from '../../lib/display/store';
import { antdStylesPending } from '../../lib/appAssets';
import '../../lib/antdReact19';
import { themeOf } from './theme';

/**
 * `preparedSheet`: wait for antd's prepared stylesheet (90 KB in gzip, every component's styles) before the
 * first render, so antd does not make them again. A screen that uses a few antd parts (the student area:
 * buttons and dialogs) passes false: antd makes those few styles, and a phone does not wait for the sheet.
 */
export function AntdProvider({ children, preparedSheet = true }: { children: ReactNode; preparedSheet?: boolean }) {
  // antd's prepared stylesheet first (the built page only): its styles are then not made again here
  const styles = preparedSheet ? antdStylesPending() : undefined;
  if (styles) use(styles);
  const chosen = useDisplay((s) => s.primaryColor);
  const dark = useDisplay((s) => s.darkMode);
  return (
    <ConfigProvider locale={currentLocale() === 'en-US' ? enUS : zhCN} theme={themeOf(chosen, dark)}>
      {children}
    </ConfigProvider>
  );
}

export function withAntd<P extends object>(Screen: ComponentType<P>, options: { preparedSheet?: boolean } = {}): ComponentType<P> {
  const Wrapped = (props: P) => (
    <AntdProvider preparedSheet={options.preparedSheet}>
      <Screen {...props} />
    </AntdProvider>
  );
  Wrapped.displayName = `withAntd(${Screen.displayName ?? Screen.name})`;
  return Wrapped;
}
