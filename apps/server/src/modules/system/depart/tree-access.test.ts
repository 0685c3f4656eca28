import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: the department trees behind every picker answer what the caller may see: the departments of
// the caller's tenant, cut to the picker's fields; whole rows (phone, fax, address, notes) only for
// holders of system:depart:list.
let t: TestApp;
let admin: string;
let plain: string;
let lister: string;
let outsider: string;
let otherTenant: string;
let a01: string;

const PASSWORD = 'User#2026x';
const OTHER_TENANT = 2000;
const PRIVATE = ['mobile', 'fax', 'address', 'memo', 'description', 'createBy', 'createTime', 'tenantId', 'delFlag'];

/** Every node of a tree answer, children included. */
function flatten(nodes: any[]): any[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: OTHER_TENANT, name: '他人租户', status: 1 }).execute();
  a01 = (await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow()).id;
  await t.db.updateTable('sysDepart').set({ mobile: '010-88886666', fax: '010-88886667', address: '总部大楼', memo: '内部备注' }).where('id', '=', a01).execute();
  await t.db
    .insertInto('sysDepart')
    .values({ id: newId(), parentId: null, departName: '他人部门', orgCode: 'Z01', orgCategory: '1', orgType: '1', departOrder: 0, delFlag: '0', izLeaf: 1, status: '1', mobile: '020-1', tenantId: OTHER_TENANT })
    .execute();
  await createUser(t.db, { username: 'plain', password: PASSWORD, menuKeys: [], departCodes: ['A01'] });
  await createUser(t.db, { username: 'lister', password: PASSWORD, menuKeys: ['system.depart', 'system.depart.list'] });
  await createUser(t.db, { username: 'outsider', password: PASSWORD, menuKeys: [], tenants: [] });
  await createUser(t.db, { username: 'other', password: PASSWORD, menuKeys: [], tenants: [OTHER_TENANT] });
  plain = await login(t.app, 'plain', PASSWORD);
  lister = await login(t.app, 'lister', PASSWORD);
  outsider = await login(t.app, 'outsider', PASSWORD);
  otherTenant = await login(t.app, 'other', PASSWORD);
});
afterAll(() => t.close());

const get = async (token: string, url: string) => {
  const res = await apiCall(t.app, token, 'GET', url);
  expect(res.status, url).toBe(200);
  return flatten((res.body.result ?? []) as any[]);
};

/** The tree reads of the pickers, all nodes of their answers. */
async function trees(token: string) {
  return {
    treeList: await get(token, '/sys/sysDepart/queryTreeList'),
    roots: await get(token, '/sys/sysDepart/queryDepartTreeSync'),
    children: await get(token, `/sys/sysDepart/queryDepartTreeSync?pid=${a01}`),
    idTree: await get(token, '/sys/sysDepart/queryIdTree'),
    search: await get(token, `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('部')}`),
  };
}
const names = (nodes: any[]) => nodes.map((n) => n.departName ?? n.title).sort();

describe('department trees', () => {
  it("show a user without rights the caller's tenant's departments only, without contact data or notes", async () => {
    const r = await trees(plain);
    expect(names(r.treeList)).toEqual(['总公司', '研发部']);
    expect(names(r.roots)).toEqual(['总公司']);
    expect(names(r.children)).toEqual(['研发部']);
    expect(names(r.idTree)).toEqual(['总公司', '研发部']);
    expect(names(r.search)).toEqual(['研发部']);
    for (const node of [...r.treeList, ...r.roots, ...r.children, ...r.search]) {
      expect(node).toMatchObject({ id: expect.any(String), key: expect.any(String), title: expect.any(String), orgCode: expect.any(String) });
      for (const f of PRIVATE) expect(node, f).not.toHaveProperty(f);
    }
    const text = JSON.stringify(r);
    for (const secret of ['010-88886666', '总部大楼', '内部备注', '他人部门', '020-1']) expect(text).not.toContain(secret);
    const mine = await get(plain, '/sys/sysDepart/queryMyDeptTreeList');
    expect(names(mine)).toEqual(['总公司', '研发部']);
    for (const f of PRIVATE) expect(mine[0], f).not.toHaveProperty(f);
  });

  it('show whole rows to holders of system:depart:list, still of their own tenant', async () => {
    for (const token of [lister, admin]) {
      const r = await trees(token);
      expect(names(r.treeList)).toEqual(['总公司', '研发部']);
      expect(r.treeList.find((n) => n.id === a01)).toMatchObject({ mobile: '010-88886666', fax: '010-88886667', address: '总部大楼', memo: '内部备注' });
      expect(JSON.stringify(r)).not.toContain('他人部门');
    }
  });

  it("show another tenant's member that tenant's departments, and a user in no tenant none", async () => {
    const other = await trees(otherTenant);
    expect(names(other.treeList)).toEqual(['他人部门']);
    expect(names(other.roots)).toEqual(['他人部门']);
    expect(other.children).toEqual([]);
    expect(names(other.search)).toEqual(['他人部门']);
    const none = await trees(outsider);
    for (const nodes of Object.values(none)) expect(nodes).toEqual([]);
  });
});
