import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Table dictionaries and tree dictionaries over the seeded dictionary sources.
let t: TestApp;
let admin: string;
const ids: Record<string, string> = {};

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(admin) });
  return { status: res.statusCode, body: res.json() };
}
const q = encodeURIComponent;
const values = (r: Array<{ value: string }>) => r.map((o) => o.value);

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  for (const [username, realname, orgCode, delFlag] of [
    ['alice', '爱丽丝', 'A01', 0],
    ['bob', 'Bob Smith', null, 0],
    ['gone', '已注销', 'A01', 1],
  ] as const) {
    const id = await createUser(t.db, { username, password: 'User#2026x' });
    await t.db.updateTable('sysUser').set({ realname, orgCode, delFlag }).where('id', '=', id).execute();
  }
  const positions: Array<[string, string, number]> = [
    ['P01', '总经理', 1000],
    ['P02', '100%达标员', 1000],
    ['P03', 'under_score', 1000],
    ['T01', '他人职务', 2000],
  ];
  for (let i = 1; i <= 12; i++) positions.push([`G${String(i).padStart(2, '0')}`, `岗位${i}`, 1000]);
  await t.db.insertInto('sysPosition').values(positions.map(([code, name, tenantId]) => ({ id: newId(), code, name, tenantId }))).execute();
  const category = (key: string, pid: string, hasChild: string, tenantId = 1000) => {
    ids[key] = newId();
    return { id: ids[key], pid, name: key, code: `code_${key}`, hasChild, tenantId };
  };
  await t.db.insertInto('sysCategory').values([category('R1', '0', '1'), category('R2', '0', '0'), category('X', '0', '0', 2000)]).execute();
  await t.db.insertInto('sysCategory').values([category('C1', ids.R1, '0'), category('C2', ids.R1, '1'), category('D1', '', '0')]).execute();
  await t.db.insertInto('sysCategory').values([category('E1', ids.C2, '0')]).execute();
});
afterAll(() => t.close());

describe('getDictItems with the table form', () => {
  it('reads value and text from a declared table, leaving out deleted users', async () => {
    const { body } = await get(`/sys/dict/getDictItems/${q('sys_user,realname,username')}`);
    expect(body.success).toBe(true);
    expect(body.result).toContainEqual({ value: 'alice', text: '爱丽丝', title: '爱丽丝', label: '爱丽丝' });
    expect(values(body.result)).toEqual(['admin', 'alice', 'bob']);
  });

  it('filters by a JSON or restricted text condition over declared columns', async () => {
    const users = async (cond: string) => values((await get(`/sys/dict/getDictItems/${q(`sys_user,realname,username,${cond}`)}`)).body.result);
    expect(await users('{"org_code":"A01"}')).toEqual(['admin', 'alice']);
    expect(await users("org_code='A01'")).toEqual(['admin', 'alice']);
    expect(await users("org_code = 'A01' AND username='alice'")).toEqual(['alice']);
    expect(await users('{"org_code":"A01","username":"bob"}')).toEqual([]);
  });

  it('refuses undeclared tables, columns and conditions with the contract messages', async () => {
    const refused = async (code: string) => {
      const res = await get(`/sys/dict/getDictItems/${q(code)}`);
      expect(res.status, code).toBe(200);
      expect(res.body.success, code).toBe(false);
      return res.body.message;
    };
    expect(await refused('sys_log,username,id')).toBe('字典表或字段未被授权: sys_log');
    expect(await refused('sys_user,work_no,username')).toBe('字典表或字段未被授权: work_no');
    expect(await refused('sys_user,realname,"username"')).toBe('字典表或字段未被授权: "username"');
    expect(await refused('sys_user,realname,username,{"password":"x"}')).toBe('字典表或字段未被授权: password');
    expect(await refused('sys_user,realname,username,del_flag=1')).toBe('字典表或字段未被授权: del_flag');
    for (const cond of ['org_code=A01', '1=1', "org_code='A01' or 1=1", "org_code='A01' and", '[1]', '{"org_code":{"a":1}}', '{"org_code":', "org_code='A'01'"]) {
      expect(await refused(`sys_user,realname,username,${cond}`), cond).toBe('字典条件不合法');
    }
  });

  it("shows a tenant-scoped table's rows of the request's tenant only", async () => {
    const codes = values((await get(`/sys/dict/getDictItems/${q('sys_position,name,code')}`)).body.result);
    expect(codes).toContain('P01');
    expect(codes).not.toContain('T01');
    expect(values((await get(`/sys/dict/getDictItems/${q('sys_position,name,code,{"code":"T01"}')}`)).body.result)).toEqual([]);
  });
});

describe('loadDictItem', () => {
  it('translates keys in their order, an unknown key standing for itself', async () => {
    expect((await get('/sys/dict/loadDictItem/sex?key=2,1,9')).body.result).toEqual(['女', '男', '9']);
    expect((await get(`/sys/dict/loadDictItem/${q('sys_user,realname,username')}?key=bob,alice,gone,nobody`)).body.result).toEqual(['Bob Smith', '爱丽丝', 'gone', 'nobody']);
    expect((await get(`/sys/dict/loadDictItem/${q('sys_position,name,code')}?key=T01,P01`)).body.result).toEqual(['T01', '总经理']);
    expect((await get('/sys/dict/loadDictItem/sex')).body.result).toEqual([]);
    expect(await get(`/sys/dict/loadDictItem/${q('sys_user,password,username')}?key=admin`)).toMatchObject({ status: 200, body: { success: false, message: '字典表或字段未被授权: password' } });
  });
});

describe('loadDict', () => {
  it('finds options whose text contains the keyword, case-insensitively', async () => {
    expect((await get(`/sys/dict/loadDict/priority?keyword=${q('紧')}`)).body.result).toEqual([{ value: 'H', text: '紧急', title: '紧急', label: '紧急' }]);
    expect(values((await get(`/sys/dict/loadDict/${q('sys_user,realname,username')}?keyword=BOB`)).body.result)).toEqual(['bob']);
    expect(values((await get(`/sys/dict/loadDict/${q('sys_position,name,code')}?keyword=${q('%')}`)).body.result)).toEqual(['P02']);
    expect(values((await get(`/sys/dict/loadDict/${q('sys_position,name,code')}?keyword=_`)).body.result)).toEqual(['P03']);
  });

  it('answers 10 options by default, pageSize up to 100', async () => {
    const page = async (extra: string) => (await get(`/sys/dict/loadDict/${q('sys_position,name,code')}?keyword=${q('岗位')}${extra}`)).body.result.length;
    expect(await page('')).toBe(10);
    expect(await page('&pageSize=11')).toBe(11);
    expect(await page('&pageSize=5000')).toBe(12);
    const bad = await get('/sys/dict/loadDict/sex?pageSize=abc');
    expect(bad.status).toBe(200);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('pageSize 必须是正整数');
  });
});

describe('loadTreeData', () => {
  const tree = async (params: Record<string, string>) =>
    get(`/sys/dict/loadTreeData?${new URLSearchParams({ tableName: 'sys_category', text: 'name', code: 'id', pidField: 'pid', ...params })}`);

  it('answers the roots of the tenant with leaf flags from the has-child column', async () => {
    for (const pid of ['', '0']) {
      const { body } = await tree({ pid, hasChildField: 'has_child' });
      // (the seeded categories of the tenant are roots too; these are the test's own)
      expect(body.result.filter((n: any) => n.title in ids).map((n: any) => [n.title, n.leaf, n.isLeaf])).toEqual(
        [['R1', 0, false], ['R2', 1, true], ['D1', 1, true]].sort((a, b) => (ids[a[0] as string] < ids[b[0] as string] ? -1 : 1)),
      );
    }
  });

  it('answers the children of a node in the contract shape, computing leaf when no has-child column is named', async () => {
    const { body } = await tree({ pid: ids.R1 });
    const byTitle = Object.fromEntries(body.result.map((n: any) => [n.title, n]));
    expect(byTitle.C1).toEqual({ key: ids.C1, value: ids.C1, title: 'C1', label: 'C1', leaf: 1, isLeaf: true, parentId: ids.R1 });
    expect(byTitle.C2).toMatchObject({ leaf: 0, isLeaf: false });
    expect((await tree({ pid: ids.C2, code: 'code' })).body.result).toMatchObject([{ key: 'code_E1', value: 'code_E1', parentId: ids.C2 }]);
    expect((await tree({ pid: 'nobody' })).body.result).toEqual([]);
  });

  it('filters by a JSON condition and refuses anything else', async () => {
    expect((await tree({ condition: '{"name":"R1"}' })).body.result.map((n: any) => n.title)).toEqual(['R1']);
    for (const condition of ["name='R1'", '1=1', '["R1"]']) {
      const res = await tree({ condition });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    }
    expect((await tree({ condition: '{"sys_org_code":"x"}' })).body.message).toBe('字典表或字段未被授权: sys_org_code');
    expect((await tree({ pidField: 'tenant_id' })).body.message).toBe('字典表或字段未被授权: tenant_id');
    expect((await tree({ tableName: '' })).body.message).toContain('表名不能为空');
  });

  it('works on other declared trees (departments, root parent null)', async () => {
    const { body } = await get(`/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=org_code&pidField=parent_id`);
    expect(body.result).toMatchObject([{ value: 'A01', title: '总公司', parentId: null, leaf: 1 }]);
  });
});

describe('limits', () => {
  it('answers at most 500 rows', async () => {
    const rows = Array.from({ length: 520 }, (_, i) => ({ id: newId(), code: `M${String(i).padStart(4, '0')}`, name: `批量${i}`, tenantId: 1000 }));
    await t.db.insertInto('sysPosition').values(rows).execute();
    expect((await get(`/sys/dict/getDictItems/${q('sys_position,name,code')}`)).body.result).toHaveLength(500);
    expect((await get(`/sys/dict/loadDict/${q('sys_position,name,code')}?pageSize=1000`)).body.result).toHaveLength(100);
  });
});
