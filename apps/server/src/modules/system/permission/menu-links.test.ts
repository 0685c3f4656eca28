import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../core/db';
import { apiCall, createTestApp, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: links stored by the server (menus, tenant logos) never run script.

let t: TestApp;
let admin: string;
const call = (method: HttpMethod, url: string, payload?: object) => apiCall(t.app, admin, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const BAD_LINKS = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' \u0001javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'VBScript:msgbox(1)'];

describe('menu links', () => {
  const base = { parentId: seedId('menu.system'), name: '链接菜单', url: '/system/linktest', component: 'system/LinkTest', menuType: 1 };

  it('refuses javascript:, data: and vbscript: in url, component, redirect and icon, on add and edit', async () => {
    for (const field of ['url', 'component', 'redirect', 'icon']) {
      for (const bad of BAD_LINKS) {
        const res = await call('POST', '/sys/permission/add', { ...base, [field]: bad });
        expect(res.status, `${field}=${JSON.stringify(bad)}`).toBe(200);
        expect(res.body.success).toBe(false);
        expect(res.body.message, field).toContain('链接地址不合法');
      }
    }
    const rows = await t.db.selectFrom('sysPermission').select('id').where('name', '=', '链接菜单').execute();
    expect(rows).toEqual([]);

    expect((await call('POST', '/sys/permission/add', base)).body.success).toBe(true);
    const { id } = await t.db.selectFrom('sysPermission').select('id').where('name', '=', '链接菜单').executeTakeFirstOrThrow();
    const edit = await call('PUT', '/sys/permission/edit', { ...base, id, url: 'javascript:alert(document.cookie)' });
    expect(edit.body).toMatchObject({ success: false });
    expect(edit.body.message).toContain('链接地址不合法');
    expect((await t.db.selectFrom('sysPermission').select('url').where('id', '=', id).executeTakeFirstOrThrow()).url).toBe('/system/linktest');
  });

  it('still accepts paths, web pages and the original’s placeholders', async () => {
    const external = { ...base, name: '外部页面', url: "{{ window._CONFIG['domianURL'] }}/jmreport/list", component: 'layouts/IframePageView', redirect: '/system/user' };
    expect((await call('POST', '/sys/permission/add', external)).body.success).toBe(true);
    expect((await call('POST', '/sys/permission/add', { ...base, name: '外链', url: 'https://example.com/docs', component: null, internalOrExternal: true })).body.success).toBe(true);
  });
});

describe('tenant logo', () => {
  it('refuses a javascript: or data: logo and keeps an uploaded path', async () => {
    for (const bad of BAD_LINKS) {
      const res = await call('POST', '/sys/tenant/add', { name: '链接租户', companyLogo: bad });
      expect(res.body.success, bad).toBe(false);
      expect(res.body.message).toContain('链接地址不合法');
    }
    expect((await call('POST', '/sys/tenant/add', { name: '链接租户', companyLogo: 'temp/logo_123.png' })).body.success).toBe(true);
  });
});
