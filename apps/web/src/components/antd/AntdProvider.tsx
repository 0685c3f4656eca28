// antd themed as the display settings say (lib/antd/AntdTheme). Each lazily loaded screen that uses antd wraps
// itself in this, so the entry chunk and the sign-in page carry no antd code.
import { use, type ComponentType, type ReactNode } from 'react';
import { antdStylesPending } from '../../lib/appAssets';
import { AntdTheme } from '../../lib/antd/AntdTheme';
import '../../lib/antd/react19';

/**
 * `preparedSheet`: wait for antd's prepared stylesheet (90 KB in gzip, every component's styles) before the
 * first render, so antd does not make them again. A screen that uses a few antd parts (the student area:
 * buttons and dialogs) passes false: antd makes those few styles, and a phone does not wait for the sheet.
 */
export function AntdProvider({ children, preparedSheet = true }: { children: ReactNode; preparedSheet?: boolean }) {
  // antd's prepared stylesheet first (the built page only): its styles are then not made again here
  const styles = preparedSheet ? antdStylesPending() : undefined;
  if (styles) use(styles);
  return <AntdTheme>{children}</AntdTheme>;
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
