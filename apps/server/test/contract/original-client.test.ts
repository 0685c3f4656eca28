import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, auth, CAPTCHA_TEXT, createTestApp, createUser, drawCaptcha, injectUnsigned, login, type TestApp } from '../helpers/test-app';
import { originalMenuPaths } from '../../src/core/db/migrations/0013-original-menu-paths';
import { seedId } from '../../src/core/db';
import { encryptLikeOriginalClient, signLikeOriginalClient } from '../helpers/original-client';

// The requests the original platform's Vue 3 client (jeecgboot-vue3 3.9) makes, replayed as it sends
// them, with the answers checked field by field.
let t: TestApp;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, payload }).then((r) => ({ status: r.statusCode, body: r.json() }));

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'teacher_li', password: 'Teacher#2026', departCodes: ['A01A01'] });
});
afterAll(() => t.close());

describe('sign-in as that client does it', () => {
  it('LoginForm: POST /sys/login with the AES-encrypted password', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await post('/sys/login', { password: encryptLikeOriginalClient(ADMIN_PASSWORD), username: 'admin', captcha: CAPTCHA_TEXT, checkKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    const r = res.body.result;
    expect(typeof r.token).toBe('string');
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '管理员' });
    expect(r.userInfo).not.toHaveProperty('password');
    expect(r.userInfo).not.toHaveProperty('salt');
    expect([0, 1, 2]).toContain(r.multi_depart);
    expect(Array.isArray(r.departs)).toBe(true);
    expect(r.tenantList[0]).toMatchObject({ id: 1000 });
    expect(typeof r.sysAllDictItems).toBe('object');
  });

  it('a wrong password, encrypted, is the same refusal as a plain one', async () => {
    const checkKey = await drawCaptcha(t.app);
    const res = await post('/sys/login', { password: encryptLikeOriginalClient('Wrong#pass9'), username: 'admin', captcha: CAPTCHA_TEXT, checkKey });
    // HTTP 200: the client shows this message rather than "Request failed with status code 400"
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
  });

  it('MiniLogin: loginGetUserDeparts, then /sys/login with the same captcha', async () => {
    const checkKey = await drawCaptcha(t.app);
    const password = encryptLikeOriginalClient('Teacher#2026');
    const departs = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password, inputCode: CAPTCHA_TEXT, checkKey, loginType: 'account' });
    expect(departs.body).toMatchObject({ success: true, result: { currentOrgCode: null, departs: [{ orgCode: 'A01A01', departName: '研发部' }] } });
    const signIn = await post('/sys/login', { username: 'teacher_li', password, captcha: CAPTCHA_TEXT, checkKey, loginOrgCode: 'A01A01' });
    expect(signIn.body.success).toBe(true);
    expect(signIn.body.result.userInfo.orgCode).toBe('A01A01');
    // the captcha served its sign-in and is gone
    expect((await post('/sys/login', { username: 'teacher_li', password, captcha: CAPTCHA_TEXT, checkKey })).body.message).toBe('验证码无效');
  });

  it('loginGetUserDeparts refuses a wrong captcha or password like sign-in does', async () => {
    const checkKey = await drawCaptcha(t.app);
    const wrong = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password: encryptLikeOriginalClient('Teacher#2026'), inputCode: 'zzzz', checkKey, loginType: 'account' });
    expect(wrong.body).toMatchObject({ success: false, code: 412, message: '验证码错误' });
    const again = await drawCaptcha(t.app);
    const bad = await post('/sys/loginGetUserDeparts', { username: 'teacher_li', password: encryptLikeOriginalClient('nope-nope'), inputCode: CAPTCHA_TEXT, checkKey: again, loginType: 'account' });
    expect(bad.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });
});

describe('the session calls after sign-in', () => {
  // what the client sends on every call besides the token
  const headers = async () => ({ ...auth(await login(t.app)), 'X-Version': 'v3', 'X-Tenant-Id': '1000' });
  const get = async (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: await headers() }).then((r) => ({ status: r.statusCode, body: r.json() }));

  it('getUserInfo answers userInfo (no secrets) and sysAllDictItems', async () => {
    const { status, body } = await get('/sys/user/getUserInfo');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, result: { userInfo: { username: 'admin', realname: '管理员', orgCode: 'A01', loginTenantId: 1000 } } });
    expect(body.result.userInfo).not.toHaveProperty('password');
    expect(body.result.userInfo).not.toHaveProperty('salt');
    expect(body.result.sysAllDictItems.sex.map((i: any) => [i.value, i.text])).toEqual([['1', '男'], ['2', '女']]);
  });

  it('getPermCode answers codeList, auth, allAuth and sysSafeMode', async () => {
    const { body } = await get('/sys/permission/getPermCode');
    expect(body.success).toBe(true);
    expect(body.result.codeList).toContain('system:user:add');
    expect(body.result.auth[0]).toEqual({ action: expect.any(String), type: expect.any(String), describe: expect.any(String) });
    expect(body.result.allAuth[0]).toEqual({ action: expect.any(String), status: expect.any(String), type: expect.any(String), describe: expect.any(String) });
    expect(body.result.sysSafeMode).toBe(false);
    expect(body.result).not.toHaveProperty('menu');
  });

  it("getUserInfo gives that client the home page configured for the user's role", async () => {
    expect((await get('/sys/user/getUserInfo')).body.result.userInfo.homePath).toBeUndefined();
    const token = await login(t.app);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/sys/sysRoleIndex/add',
      headers: auth(token),
      payload: { relationType: 'ROLE', roleCode: 'admin', url: 'system/user', component: 'system/user/index', priority: 1, route: true, status: '1' },
    });
    expect(added.json().success).toBe(true);
    expect((await get('/sys/user/getUserInfo')).body.result.userInfo.homePath).toBe('/system/user');
    // our own client (no X-Version) keeps its home page
    const ours = await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(token) });
    expect(ours.json().result.userInfo.homePath).toBeUndefined();
  });

  it('verifyIzDefaultPwd answers no: no install has a default password', async () => {
    expect((await get('/sys/user/verifyIzDefaultPwd')).body).toMatchObject({ success: true, message: 'no' });
  });

  it("the menu names the original client's pages and icons", async () => {
    const { body } = await get('/sys/permission/getUserPermissionByToken');
    const all: any[] = [];
    const walk = (items: any[]) => items.forEach((i) => (all.push(i), walk(i.children ?? [])));
    walk(body.result.menu);
    const byTitle = Object.fromEntries(all.map((i) => [i.meta.title, i]));
    expect(byTitle['用户管理']).toMatchObject({ path: '/system/user', component: 'system/user/index', route: '1' });
    expect(byTitle['菜单管理']).toMatchObject({ path: '/system/menu', component: 'system/menu/index' });
    expect(byTitle['数据字典'].component).toBe('system/dict/index');
    expect(byTitle['系统管理'].meta.icon).toBe('ant-design:setting-outlined');
  });

  it('installs seeded before get the same paths, keeping what an administrator changed', async () => {
    const user = seedId('menu.system.user');
    const role = seedId('menu.system.role');
    await t.db.updateTable('sysPermission').set({ component: 'system/user/UserList' }).where('id', '=', user).execute();
    await t.db.updateTable('sysPermission').set({ component: 'custom/RolePage' }).where('id', '=', role).execute();
    await originalMenuPaths.up(t.db.withoutPlugins());
    const rows = await t.db.selectFrom('sysPermission').select(['id', 'component']).where('id', 'in', [user, role]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.component]))).toEqual({ [user]: 'system/user/index', [role]: 'custom/RolePage' });
  });
});

describe('the request signature as that client makes it', () => {
  // the secret written in that client's signMd5Utils; an install serving it configures the same one
  const ORIGINAL_SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';
  let o: TestApp;
  let token: string;
  beforeAll(async () => {
    o = await createTestApp({ SIGNATURE_SECRET: ORIGINAL_SECRET });
    token = await login(o.app);
  });
  afterAll(() => o.close());

  it('its table dictionary read (raw commas, x-path-variable) and a plain one with a query are answered', async () => {
    const get = (url: string, stamp = o.clock.now().getTime()) =>
      injectUnsigned(o.app, {
        method: 'GET',
        url: `/api${url}`,
        headers: { ...auth(token), 'x-sign': signLikeOriginalClient(url, undefined, undefined, ORIGINAL_SECRET), 'x-timestamp': String(stamp) },
      }).then((r) => r.json());
    const table = await get('/sys/dict/getDictItems/sys_user,realname,username?_t=1760000000');
    expect(table).toMatchObject({ success: true, result: expect.arrayContaining([expect.objectContaining({ value: 'admin', text: '管理员' })]) });
    expect(await get('/sys/dict/loadDictItem/sex?key=1')).toMatchObject({ success: true, result: ['男'] });
    // a timestamp older than 300 s is refused with that server's message
    expect(await get('/sys/dict/loadDictItem/sex?key=1', o.clock.now().getTime() - 301_000)).toMatchObject({ success: false, message: '签名验证失败，请求时效性验证失败！' });
  });
});
