// What the built page names in its data block `app-assets` (vite.config.ts, preloadShell) and the entry does
// not load by itself: antd's stylesheet of the default theme and the signed-in shell's chunks and styles.
// The sign-in page uses neither; a screen with antd links the stylesheet, a back-office page the shell.
// Under Vite's dev server and in tests there is no data block: nothing is linked, antd makes its styles.

interface AppAssets {
  antdCss?: string;
  shellCss: string[];
  shellJs: string[];
}

let assets: AppAssets | null | undefined;

function read(): AppAssets | null {
  if (assets !== undefined) return assets;
  const text = typeof document === 'undefined' ? null : document.getElementById('app-assets')?.textContent;
  try {
    assets = text ? (JSON.parse(text) as AppAssets) : null;
  } catch {
    assets = null;
  }
  return assets;
}

function link(attrs: Record<string, string>): HTMLLinkElement {
  const el = document.createElement('link');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

let shellLinked = false;

/** Fetches the shell's chunks and styles (without running or applying them): a back-office page is coming. */
export function preloadShellAssets(): void {
  const a = read();
  if (!a || shellLinked) return;
  shellLinked = true;
  // styles are only fetched here: Vite's loader applies them when the shell loads, after the app's own
  for (const href of a.shellCss) document.head.append(link({ rel: 'preload', as: 'style', crossorigin: '', href }));
  for (const href of a.shellJs) document.head.append(link({ rel: 'modulepreload', crossorigin: '', href }));
}

let antdCss: Promise<void> | undefined;
let antdCssSettled = false;

/**
 * Links antd's stylesheet first in the head (the app's own rules come after it, as they override some)
 * and answers a promise of its load, or undefined once loaded or when there is none. antd's style engine
 * reads the stylesheet's map once, at its first style: a screen renders antd after the load, or the
 * browser would make all those styles again.
 */
export function antdStylesPending(): Promise<void> | undefined {
  if (antdCssSettled) return undefined;
  if (!antdCss) {
    const href = read()?.antdCss;
    if (!href) {
      antdCssSettled = true;
      return undefined;
    }
    antdCss = new Promise<void>((done) => {
      const el = link({ rel: 'stylesheet', href });
      // a failed load leaves antd to make its styles, as without the file
      el.onload = el.onerror = () => {
        antdCssSettled = true;
        done();
      };
      document.head.prepend(el);
    });
  }
  return antdCss;
}
