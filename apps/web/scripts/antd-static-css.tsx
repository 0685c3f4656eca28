// Writes the default theme's antd styles into a stylesheet the page loads first (src/generated/antd-static.css),
// with the map antd's style engine reads to know them: signed-in screens then skip computing and inserting
// those styles in the browser (a quarter of a reload's script time, most of a list page's first long task).
// A chosen colour or the dark theme has other styles: those are still made in the browser, as before.
// Run by `npm run build` before Vite (vite.config.ts links the file): node --import tsx apps/web/scripts/antd-static-css.tsx
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType, ReactNode } from 'react';

// antd names its styles' classes by the build: the production ones (css-<hash>) are the built app's
process.env.NODE_ENV = 'production';
const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
const antd = await import('antd');
const { transform } = await import('lightningcss');
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const { DEFAULT_DISPLAY_SETTINGS } = await import('@anxue/shared');
const { themeOf } = await import('../src/lib/antd/theme');

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../src/generated/antd-static.css');

type AnyComponent = ComponentType<Record<string, unknown>> & { _InternalPanelDoNotUseOrYouWillBeFired?: AnyComponent };

const isComponent = (name: string, value: unknown): value is AnyComponent =>
  /^[A-Z]/.test(name) && (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value));

/** Props that make a component draw its parts (a table's pagination, selection and empty text, say). */
const PROPS: Record<string, Record<string, unknown>> = {
  Table: { columns: [{ title: 'a', dataIndex: 'a', sorter: true, filters: [{ text: 'x', value: 'x' }] }], dataSource: [], rowSelection: {}, pagination: { total: 100 }, loading: true },
  Tabs: { items: [{ key: 'a', label: 'a', children: 'a' }], type: 'editable-card' },
  Menu: { items: [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }, { type: 'divider' }] },
  Steps: { items: [{ title: 'a' }] },
  Collapse: { items: [{ key: 'a', label: 'a', children: 'a' }] },
  Descriptions: { items: [{ key: 'a', label: 'a', children: 'a' }], bordered: true },
  Tree: { treeData: [{ key: 'a', title: 'a', children: [{ key: 'b', title: 'b' }] }], checkable: true, showLine: true },
  Breadcrumb: { items: [{ title: 'a' }, { title: 'b' }] },
  Pagination: { total: 100, showSizeChanger: true, showQuickJumper: true },
  Transfer: { dataSource: [] },
  Result: { status: 'success' },
};

function rendered(cache: ReturnType<typeof createCache>, node: ReactNode): void {
  try {
    renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme: themeOf(DEFAULT_DISPLAY_SETTINGS.primaryColor, false) }, node)));
  } catch {
    // a part that needs its parent or the browser: made in the browser, as before
  }
}

const cache = createCache();
for (const [name, value] of Object.entries(antd)) {
  if (!isComponent(name, value) || name === 'ConfigProvider') continue;
  rendered(cache, createElement(value, PROPS[name] ?? {}));
  if (value._InternalPanelDoNotUseOrYouWillBeFired) rendered(cache, createElement(value._InternalPanelDoNotUseOrYouWillBeFired, {}));
  // the parts named on the component: Form.Item, Input.TextArea, Typography.Text, Layout.Sider …
  for (const [part, sub] of Object.entries(value)) {
    if (isComponent(part, sub)) rendered(cache, createElement(sub, {}));
  }
}
// Keep the styles of this theme only: a few parts draw pieces in antd's own default theme (another token),
// which the signed-in screens never show.
const tokenOf = (key: string) => key.split('%')[1];
const counts = new Map<string, number>();
for (const key of cache.cache.keys()) if (key.startsWith('style%')) counts.set(tokenOf(key), (counts.get(tokenOf(key)) ?? 0) + 1);
const ours = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
for (const key of [...cache.cache.keys()]) if (key.startsWith('style%') && tokenOf(key) !== ours) cache.cache.delete(key);
// a part rendered without its parent may name an empty class ('.{'), which the build's CSS minifier
// refuses: those are left to the browser, as before
for (const key of [...cache.cache.keys()]) {
  const entry = cache.cache.get(key)?.[1] as unknown[] | undefined;
  if (!key.startsWith('style%') || typeof entry?.[0] !== 'string') continue;
  try {
    transform({ filename: 'part.css', code: Buffer.from(entry[0]), minify: true });
  } catch {
    console.log(`antd-static-css: left out ${key.split('%').slice(2).join(' ')}`);
    cache.cache.delete(key);
  }
}
const css = extractStyle(cache, { plain: true, types: ['style'] });
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, css);
console.log(`antd-static-css: ${(css.length / 1024).toFixed(0)} kB of default-theme styles written to ${OUT}`);
