// React.lazy for a screen whose code may be fetched ahead (beside the permissions, beside its frame): once
// the module is in, the screen renders at once. A plain lazy component suspends at its first render even
// then, and React keeps the fallback up for some 300 ms before it reveals what was already there.
import { lazy, type ComponentProps, type ComponentType, type JSX } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface LazyScreen<C extends ComponentType<any>> {
  (props: ComponentProps<C>): JSX.Element;
  /** Starts fetching the screen's code (once); the same promise for every call. */
  load(): Promise<{ default: C }>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<C extends ComponentType<any>>(importer: () => Promise<{ default: C }>): LazyScreen<C> {
  let loaded: C | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const load = () =>
    (pending ??= importer().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (e: unknown) => {
        // a failed fetch (a lost connection) is tried again at the next render
        pending = undefined;
        throw e;
      },
    ));
  const Lazy = lazy(load);
  const Screen = (props: ComponentProps<C>) => {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
  Screen.load = load;
  return Screen;
}
