// The seeded menu reaches the task and chart dashboards, the 示例页面 group and the new demo pages, each
// naming a page the web has (features/<component>.page.tsx), so a click opens content, not a blank tab.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { EXAMPLE_MENUS } from '../../core/db/seed/menus-examples';

const WEB_FEATURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../web/src/features');

interface MenuNode {
  path: string;
  component: string;
  meta: { title: string };
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('example and demo menus', () => {
  it('the administrator’s menu holds every example page, each with a web page behind it', async () => {
    const menu = (await apiCall(t.app, await login(t.app), 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu as MenuNode[];
    const examples = menu.find((m) => m.path === '/examples')!;
    expect(examples.meta.title).toBe('示例页面');
    expect(examples.children!.map((c) => c.meta.title)).toEqual(['表单页', '列表页', '详情页', '结果页', '异常页']);
    const paths = flatten(menu).map((m) => m.path);
    const pages = EXAMPLE_MENUS.filter((m) => m.component !== 'layouts/RouteView');
    expect(pages.length).toBe(20);
    for (const page of pages) {
      expect(paths, page.name).toContain(page.url);
      expect(existsSync(resolve(WEB_FEATURES, `${page.component}.page.tsx`)), page.component).toBe(true);
    }
  });

  it('reaches a user only through a role that holds the menus', async () => {
    await createUser(t.db, { username: 'example_user', password: 'Example#2026', menuKeys: ['dashboard', 'dashboard.task', 'examples', 'examples.result', 'examples.result.fail'] });
    const menu = (await apiCall(t.app, await login(t.app, 'example_user', 'Example#2026'), 'GET', '/sys/permission/getUserPermissionByToken')).body.result.menu as MenuNode[];
    const paths = flatten(menu).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['/dashboard/task', '/examples/result/fail']));
    expect(paths).not.toContain('/dashboard/chart');
    expect(paths).not.toContain('/examples/result/success');
  });
});
