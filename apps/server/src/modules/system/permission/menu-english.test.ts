import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../core/db';
import { seedDatabase } from '../../../core/db/seed';
import { ADMIN_PASSWORD, apiCall, createTestApp, login, type HttpMethod, type TestApp } from '../../../../test/helpers/test-app';

// Menus carry an English name beside the Chinese one (issue 17): the seed gives seeded menus the
// catalogue's English, the menu form writes it, and the user's menu answers it as meta.titleEn.
let t: TestApp;
let admin: string;

const call = (method: HttpMethod, url: string, payload?: object) => apiCall(t.app, admin, method, url, payload);
type MenuNode = { id: string; meta: { title: string; titleEn?: string }; children?: MenuNode[] };
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const myMenu = async () => flat((await call('GET', '/sys/permission/getUserPermissionByToken')).body.result.menu);
const listed = async () => flat((await call('GET', '/sys/permission/list')).body.result) as unknown as Array<{ id: string; name: string; nameEn: string | null }>;
const nameEnOf = async (id: string) => (await t.db.selectFrom('sysPermission').select('nameEn').where('id', '=', id).executeTakeFirstOrThrow()).nameEn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('menus in two languages', () => {
  it('seeded menus answer both names', async () => {
    const system = (await myMenu()).find((m) => m.id === seedId('menu.system'));
    expect(system?.meta).toMatchObject({ title: '系统管理', titleEn: 'System' });
    expect((await listed()).find((m) => m.id === seedId('menu.system.permission'))).toMatchObject({ name: '菜单管理', nameEn: 'Menus' });
  });

  it('a menu added with an English name comes back in the user menu with it; editing from the original client keeps it', async () => {
    const body = { parentId: seedId('menu.system'), name: '培训计划', nameEn: 'Training plans', url: '/system/trainingPlan', component: 'system/trainingPlan/index', menuType: 1, sortNo: 30 };
    expect((await call('POST', '/sys/permission/add', body)).body.success).toBe(true);
    const added = (await listed()).find((m) => m.name === '培训计划')!;
    expect(added.nameEn).toBe('Training plans');
    expect((await myMenu()).find((m) => m.id === added.id)?.meta).toMatchObject({ title: '培训计划', titleEn: 'Training plans' });

    // the original's client knows no nameEn: its edit leaves the English name as it was
    const { nameEn: _, ...original } = body;
    expect((await call('PUT', '/sys/permission/edit', { ...original, id: added.id, name: '培训计划表' })).body.success).toBe(true);
    expect((await myMenu()).find((m) => m.id === added.id)?.meta).toMatchObject({ title: '培训计划表', titleEn: 'Training plans' });

    // an empty English name clears it: the menu answers its Chinese name alone
    expect((await call('PUT', '/sys/permission/edit', { ...body, id: added.id, nameEn: '' })).body.success).toBe(true);
    const cleared = (await myMenu()).find((m) => m.id === added.id)!;
    expect(cleared.meta.title).toBe('培训计划');
    expect(cleared.meta).not.toHaveProperty('titleEn');
  });

  it('refuses an English name longer than a name may be', async () => {
    const body = { parentId: seedId('menu.system'), name: '超长英文名', nameEn: 'x'.repeat(101), url: '/system/longEnglish', component: 'system/longEnglish/index', menuType: 1 };
    const res = await call('POST', '/sys/permission/add', body);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toMatch(/^参数 nameEn：/);
    expect((await listed()).some((m) => m.name === '超长英文名')).toBe(false);
  });

  it('the seed fills missing English names of seeded menus, but not of one an administrator renamed or cleared', async () => {
    const role = seedId('menu.system.role');
    const depart = seedId('menu.system.depart');
    const user = seedId('menu.system.user');
    // as an install from before the English names: none set
    await t.db.updateTable('sysPermission').set({ nameEn: null }).where('id', 'in', [role, depart]).execute();
    await t.db.updateTable('sysPermission').set({ name: '岗位部门' }).where('id', '=', depart).execute();
    const userMenu = (await listed()).find((m) => m.id === user)!;
    expect((await call('PUT', '/sys/permission/edit', { ...userMenu, nameEn: '' })).body.success).toBe(true);

    await seedDatabase(t.db, { adminPassword: ADMIN_PASSWORD });
    expect(await nameEnOf(role)).toBe('Roles');
    expect(await nameEnOf(depart)).toBeNull();
    expect(await nameEnOf(user)).toBe('');
  });
});
