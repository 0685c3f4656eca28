import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../lib/types';
import { buildRoutes, EmptyMenuError, WrongVersionMenuError } from './buildRoutes';
import { containerTarget, matchPageRoute } from './matchRoute';
import { hasPage, resolvePage } from './pageRegistry';
import { ORIGINAL_PAGES } from './originalPages';
import { evaluateUrl } from './urlTemplate';

const ctx = { codeList: ['system:info:view'], templateContext: { domianURL: 'http://host/api', token: 'tk' } };

const menu: MenuItem[] = [
  { path: '/dashboard/analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页', icon: 'home' } },
  {
    path: '/dashboard',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '仪表盘' },
    children: [
      { path: '/dashboard/workplace', component: 'dashboard/Workplace', route: '1', meta: { title: '工作台', keepAlive: true, componentName: 'Workplace' } },
      { path: '/dashboard/monitor', component: 'dashboard/Monitor', route: '1', hidden: true, meta: { title: '监控页' } },
    ],
  },
  { path: '/link', component: 'layouts/IframePageView', route: '0', meta: { title: '外链', url: 'https://x' }, children: [{ path: '/link/child', component: 'x', meta: { title: 'c' } }] },
  { path: '/system/info', component: 'system/info/SystemInfo', route: '1', meta: { title: '系统信息', permission: ['system:info:view'] } },
  { path: '/secret', component: 'dashboard/Monitor', route: '1', meta: { title: '机密', permission: ['secret:view'] } },
  { path: '/report/:id', component: 'dashboard/Monitor', route: '1', meta: { title: '报表', url: "{{ window._CONFIG['domianURL'] }}/r?token={{ token }}" } },
];

describe('menu → routes', () => {
  it('skips route "0" items with their children and keeps the rest in order', () => {
    const { flat } = buildRoutes(menu, ctx);
    expect(flat.map((r) => r.path)).toEqual(['/dashboard/analysis', '/dashboard', '/dashboard/workplace', '/dashboard/monitor', '/system/info', '/report/:id']);
  });

  it('filters routes by meta permission against the user codes', () => {
    const paths = buildRoutes(menu, { ...ctx, codeList: [] }).flat.map((r) => r.path);
    expect(paths).not.toContain('/system/info');
    expect(paths).not.toContain('/secret');
  });

  it('evaluates whitelisted {{ }} placeholders and nothing else', () => {
    const report = buildRoutes(menu, ctx).flat.find((r) => r.path === '/report/:id');
    expect(report?.meta.url).toBe('http://host/api/r?token=tk');
    expect(evaluateUrl('{{ alert(1) }}/x{{ window.location }}', { token: 't' })).toBe('/x');
  });

  it('rejects an empty menu', () => {
    expect(() => buildRoutes([], ctx)).toThrow(EmptyMenuError);
    expect(() => buildRoutes(null, ctx)).toThrow(EmptyMenuError);
  });

  it('detects the wrong-version menu anywhere in the tree', () => {
    const wrong: MenuItem[] = [{ path: '/', component: 'layouts/RouteView', meta: { title: 'r' }, children: [{ path: '/a', component: 'layouts/default/index', meta: { title: 'a' } }] }];
    expect(() => buildRoutes(wrong, ctx)).toThrow(WrongVersionMenuError);
    expect(() => buildRoutes(wrong, ctx)).toThrow(/启动失败/);
  });

  it('builds the breadcrumb trail, matches params and sends containers to their first visible page', () => {
    const { flat, tree } = buildRoutes(menu, ctx);
    expect(matchPageRoute(flat, '/dashboard/workplace')?.route.trail.map((c) => c.title)).toEqual(['仪表盘', '工作台']);
    expect(matchPageRoute(flat, '/report/42')?.params).toEqual({ id: '42' });
    expect(matchPageRoute(flat, '/nope')).toBeUndefined();
    expect(containerTarget(tree[1])).toBe('/dashboard/workplace');
  });

  it('the page registry knows the seeded components', () => {
    for (const c of ['dashboard/Analysis', 'dashboard/Workplace', 'dashboard/Monitor', 'account/Center', 'account/settings/Base', 'system/info/SystemInfo']) {
      expect(hasPage(c)).toBe(true);
    }
    expect(hasPage('system/Nope')).toBe(false);
  });

  it("opens the original client's component paths as our pages, and only those", () => {
    for (const [original, ours] of Object.entries(ORIGINAL_PAGES)) {
      expect(hasPage(ours), ours).toBe(true);
      expect(hasPage(original), original).toBe(true);
      expect(resolvePage(original)).toBe(resolvePage(ours));
    }
    expect(hasPage('system/nope/index')).toBe(false);
  });
});
