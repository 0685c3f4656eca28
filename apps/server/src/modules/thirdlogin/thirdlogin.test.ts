import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadInstallSecret } from '../../core/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { CAS_MESSAGES } from './cas';
import { clientSecretBox, Providers } from './providers';
import { MESSAGES } from './routes';
import { startLocalCas, startLocalOidc, type LocalCas, type LocalOidc } from './testing-providers';

/** A browser of a few lines: keeps cookies per host and follows redirects until it reaches one of our pages. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookiesFor(url: URL) {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, res: Response) {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    this.jar.set(url.host, cookies);
  }

  async fetch(address: string, init: RequestInit = {}) {
    const url = new URL(address);
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as object), cookie: this.cookiesFor(url) } });
    this.keep(url, res);
    return res;
  }

  /** Follows redirects from `address`; answers the first address that is a page of our web app. */
  async follow(address: string, appOrigin: string): Promise<URL> {
    let url = new URL(address);
    for (let hops = 0; hops < 20; hops++) {
      if (url.origin === appOrigin && !url.pathname.startsWith('/api/')) return url;
      const res = await this.fetch(url.toString());
      await res.arrayBuffer();
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) throw new Error(`stopped at ${url} with ${res.status}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  }
}

describe('third-party sign-in (OpenID Connect) and CAS single sign-on', () => {
  let t: TestApp;
  let admin: string;
  let origin: string;
  let idp: LocalOidc;
  let cas: LocalCas;
  let aliceId: string;

  beforeAll(async () => {
    cas = await startLocalCas();
    // the test's identity provider listens on loopback, which a real install refuses unless the operator allows it
    t = await createTestApp({ CAS_SERVER_URL: cas.url, OIDC_PRIVATE_HOSTS: 'on' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    idp = await startLocalOidc([`${origin}/api/sys/thirdLogin/callback/testidp`, `${origin}/api/sys/thirdLogin/callback/forged`]);
    admin = await login(t.app);
    aliceId = await createUser(t.db, { username: 'alice_local', password: 'Alice#pass-2026', menuKeys: ['account', 'account.binding'] });
    const add = await apiCall(t.app, admin, 'POST', '/sys/thirdApp/config/add', {
      thirdType: 'testidp', name: '测试身份源', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid profile',
    });
    expect(add.body).toMatchObject({ success: true });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
    await cas?.close();
  });

  it('keeps the client secret sealed and never answers it', async () => {
    const stored = await t.db.selectFrom('sysThirdAppConfig').selectAll().where('thirdType', '=', 'testidp').executeTakeFirstOrThrow();
    expect(stored.clientSecret).toMatch(/^v1:/);
    expect(stored.clientSecret).not.toContain(idp.clientSecret);
    const list = await apiCall(t.app, admin, 'GET', '/sys/thirdApp/config/list');
    expect(list.body.result.records).toEqual([expect.objectContaining({ thirdType: 'testidp', clientSecret: '******', status: 1 })]);
    const original = await apiCall(t.app, admin, 'GET', '/sys/thirdApp/getThirdConfigByTenantId?thirdType=testidp');
    expect(original.body.result).toMatchObject({ thirdType: 'testidp', clientSecret: '******' });
    expect(JSON.stringify([list.body, original.body])).not.toContain(idp.clientSecret);
    // the original client's calls carry the fields in the query string
    const q = new URLSearchParams({ thirdType: 'viaquery', name: '原版路径', issuer: 'https://sso.example.org', clientId: 'c1', clientSecret: 's1', status: '0' });
    expect((await apiCall(t.app, admin, 'POST', `/sys/thirdApp/addThirdAppConfig?${q}`)).body).toMatchObject({ success: true });
    const viaQuery = await t.db.selectFrom('sysThirdAppConfig').selectAll().where('thirdType', '=', 'viaquery').executeTakeFirstOrThrow();
    expect(viaQuery).toMatchObject({ name: '原版路径', status: 0 });
    const q2 = new URLSearchParams({ id: viaQuery.id, name: '原版路径2' });
    expect((await apiCall(t.app, admin, 'POST', `/sys/thirdApp/editThirdAppConfig?${q2}`)).body).toMatchObject({ success: true });
    expect((await apiCall(t.app, admin, 'DELETE', `/sys/thirdApp/deleteThirdAppConfig?id=${viaQuery.id}`)).body).toMatchObject({ success: true });

    // the sign-in page learns codes and names only
    const open = await t.app.inject({ method: 'GET', url: '/api/sys/thirdLogin/providers' });
    expect(open.json().result).toEqual([{ thirdType: 'testidp', name: '测试身份源' }]);
  });

  it('refuses an account that is not linked to a user, with a clear message', async () => {
    idp.signInAs('alice');
    const landed = await new Browser().follow(`${origin}/api/sys/thirdLogin/render/testidp`, origin);
    expect(landed.pathname).toBe('/user/login');
    expect(landed.searchParams.get('thirdLoginError')).toBe(MESSAGES.notLinked);
    expect(landed.searchParams.get('oauth2LoginToken')).toBeNull();
  });

  it('links an account from 账号绑定, then signs in through the provider (code flow with PKCE)', async () => {
    const alice = await login(t.app, 'alice_local', 'Alice#pass-2026');
    const browser = new Browser();
    const start = await apiCall(t.app, alice, 'POST', '/sys/thirdApp/bindThirdAppAccount?thirdType=testidp');
    expect(start.body.success).toBe(true);
    const authorize = new URL(start.body.result.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    // the browser that asked holds the state's cookie (here: our test browser copies it from the answer)
    const bindRes = await browser.fetch(`${origin}/api/sys/thirdApp/bindThirdAppAccount?thirdType=testidp`, { method: 'POST', headers: { 'x-access-token': alice } });
    const bindUrl = ((await bindRes.json()) as { result: { url: string } }).result.url;
    const bound = await browser.follow(bindUrl, origin);
    expect(bound.pathname).toBe('/account/settings/binding');
    expect(bound.searchParams.get('bound')).toBe('testidp');
    const mine = await apiCall(t.app, alice, 'GET', '/sys/thirdApp/getThirdAccountByUserId?thirdType=testidp');
    expect(mine.body.result).toEqual([expect.objectContaining({ sysUserId: aliceId, thirdType: 'testidp', thirdUserUuid: 'alice', thirdUserId: 'alice', realname: '用户 alice' })]);

    // the code of a provider with linked accounts stays
    const config = await t.db.selectFrom('sysThirdAppConfig').select('id').where('thirdType', '=', 'testidp').executeTakeFirstOrThrow();
    const rename = await apiCall(t.app, admin, 'POST', '/sys/thirdApp/config/edit', { id: config.id, thirdType: 'renamed' });
    expect(rename.body).toMatchObject({ success: false, message: expect.stringContaining('标识不能修改') });

    const landed = await new Browser().follow(`${origin}/api/sys/thirdLogin/render/testidp`, origin);
    expect(landed.pathname).toBe('/oauth2-app/login');
    expect(landed.searchParams.get('thirdType')).toBe('testidp');
    const ticket = landed.searchParams.get('oauth2LoginToken')!;
    const answer = await t.app.inject({ method: 'GET', url: `/api/sys/thirdLogin/getLoginUser/${ticket}/testidp` });
    expect(answer.json()).toMatchObject({ success: true, result: { userInfo: { username: 'alice_local' } } });
    const token = answer.json().result.token as string;
    const info = await apiCall(t.app, token, 'GET', '/sys/user/getUserInfo');
    expect(info.body.result.userInfo.username).toBe('alice_local');
    // the one-time token serves once
    const again = await t.app.inject({ method: 'GET', url: `/api/sys/thirdLogin/getLoginUser/${ticket}/testidp/1000` });
    expect(again.json()).toMatchObject({ success: false, message: MESSAGES.ticketInvalid });
  });

  it('refuses a reused state, a wrong state and a callback in another browser', async () => {
    idp.signInAs('alice');
    const browser = new Browser();
    // walk the flow by hand up to the callback address the provider sends back
    let url = new URL(`${origin}/api/sys/thirdLogin/render/testidp`);
    for (;;) {
      const res = await browser.fetch(url.toString());
      await res.arrayBuffer();
      url = new URL(res.headers.get('location')!, url);
      if (url.pathname.startsWith('/api/sys/thirdLogin/callback/')) break;
    }
    const callback = url.toString();
    const wrong = new URL(callback);
    wrong.searchParams.set('state', 'not-the-state');
    const wrongLanded = await browser.follow(wrong.toString(), origin);
    expect(wrongLanded.searchParams.get('thirdLoginError')).toBe(MESSAGES.stateInvalid);
    // another browser (no state cookie) brings the right callback: refused, and it does not use it up
    const elsewhere = await new Browser().follow(callback, origin);
    expect(elsewhere.searchParams.get('thirdLoginError')).toBe(MESSAGES.stateInvalid);

    const first = await browser.follow(callback, origin);
    expect(first.pathname).toBe('/oauth2-app/login');
    // the one-time token is short-lived: three minutes later it no longer signs in
    t.clock.advance(3 * 60_000);
    const late = await t.app.inject({ method: 'GET', url: `/api/sys/thirdLogin/getLoginUser/${first.searchParams.get('oauth2LoginToken')}/testidp` });
    expect(late.json()).toMatchObject({ success: false, message: MESSAGES.ticketInvalid });
    const reused = await browser.follow(callback, origin);
    expect(reused.pathname).toBe('/user/login');
    expect(reused.searchParams.get('thirdLoginError')).toBe(MESSAGES.stateInvalid);
  });

  it('unbinds only the caller’s own account', async () => {
    const alice = await login(t.app, 'alice_local', 'Alice#pass-2026');
    const [binding] = (await apiCall(t.app, alice, 'GET', '/sys/thirdApp/getThirdAccountByUserId')).body.result;
    const other = await createUser(t.db, { username: 'bob_local', password: 'Bob#pass-2026x' });
    expect(other).toBeTruthy();
    const bob = await login(t.app, 'bob_local', 'Bob#pass-2026x');
    // the provider's account linked to alice cannot be linked to bob as well
    idp.signInAs('alice');
    const browser = new Browser();
    const start = await browser.fetch(`${origin}/api/sys/thirdApp/bindThirdAppAccount?thirdType=testidp`, { method: 'POST', headers: { 'x-access-token': bob } });
    const taken = await browser.follow(((await start.json()) as { result: { url: string } }).result.url, origin);
    expect(taken.pathname).toBe('/account/settings/binding');
    expect(taken.searchParams.get('bindError')).toBe(MESSAGES.linkedElsewhere);

    const foreign = await apiCall(t.app, bob, 'DELETE', `/sys/thirdApp/deleteThirdAccount?id=${binding.id}&sysUserId=${aliceId}`);
    expect(foreign.body).toMatchObject({ success: false });
    const own = await apiCall(t.app, alice, 'DELETE', `/sys/thirdApp/deleteThirdAccount?id=${binding.id}&sysUserId=${aliceId}`);
    expect(own.body).toMatchObject({ success: true });
    const landed = await new Browser().follow(`${origin}/api/sys/thirdLogin/render/testidp`, origin);
    expect(landed.searchParams.get('thirdLoginError')).toBe(MESSAGES.notLinked);
  });

  it('refuses an ID token whose signature does not verify against the provider\'s published keys', async () => {
    // the same provider under a second code, so its keys are read afresh
    const add = await apiCall(t.app, admin, 'POST', '/sys/thirdApp/config/add', {
      thirdType: 'forged', name: '伪造测试', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
    });
    expect(add.body.success).toBe(true);
    await idp.publishWrongKeys();
    const landed = await new Browser().follow(`${origin}/api/sys/thirdLogin/render/forged`, origin);
    expect(landed.pathname).toBe('/user/login');
    expect(landed.searchParams.get('thirdLoginError')).toBe(MESSAGES.verifyFailed);
  });

  it('without OIDC_PRIVATE_HOSTS, discovers no issuer that is or resolves to a loopback or private address', async () => {
    let hits = 0;
    const listener = createServer((req, res) => (hits++, res.end('{}')));
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const issuers = {
        loop_plain: `http://127.0.0.1:${port}`,
        loop_mapped: `http://[::ffff:127.0.0.1]:${port}`,
        loop_hex: `http://[::ffff:7f00:1]:${port}`,
        loop_decimal: `http://2130706433:${port}`,
        loop_name: `http://localhost:${port}`,
        loop_dns: `http://idp.example:${port}`,
      };
      for (const [thirdType, issuer] of Object.entries(issuers)) {
        const add = await apiCall(t.app, admin, 'POST', '/sys/thirdApp/config/add', { thirdType, name: thirdType, issuer, clientId: 'c' });
        expect(add.body.success, thirdType).toBe(true);
      }
      const guarded = new Providers(t.db, clientSecretBox(await loadInstallSecret(t.db)), { resolve: async () => ['127.0.0.1'] });
      for (const thirdType of Object.keys(issuers)) {
        await expect(guarded.get(thirdType), thirdType).rejects.toThrow(`无法连接第三方登录服务“${thirdType}”`);
      }
      expect(hits).toBe(0);
      // the same issuer is reached once the operator allows private hosts
      const allowed = new Providers(t.db, clientSecretBox(await loadInstallSecret(t.db)), { allowPrivate: true });
      await expect(allowed.get('loop_plain')).rejects.toThrow();
      expect(hits).toBe(1);
    } finally {
      listener.close();
    }
  });

  it('signs in a known user with a CAS ticket, and refuses unknown users and used tickets', async () => {
    // over real HTTP: the service must be an address of the site the call reaches
    const casCall = async (q: Record<string, string>) => {
      const res = await fetch(`${origin}/api/sys/cas/client/validateLogin?${new URLSearchParams(q)}`);
      return (await res.json()) as { success: boolean; message: string; result: any };
    };
    const service = `${origin}/user/login`;
    const ticket = cas.issue('alice_local', service);
    const ok = await casCall({ ticket, service });
    expect(ok).toMatchObject({ success: true, result: { userInfo: { username: 'alice_local' } } });
    expect(typeof ok.result.token).toBe('string');

    const reused = await casCall({ ticket, service });
    expect(reused).toMatchObject({ success: false, message: CAS_MESSAGES.invalidTicket });

    // a ticket another site of the same CAS received does not sign in here
    const elsewhere = 'https://other-app.example.org/';
    const foreign = cas.issue('alice_local', elsewhere);
    const refused = await casCall({ ticket: foreign, service: elsewhere });
    expect(refused).toMatchObject({ success: false, message: CAS_MESSAGES.foreignService });

    const stranger = cas.issue('nobody_here', service);
    const unknown = await casCall({ ticket: stranger, service });
    expect(unknown).toMatchObject({ success: false, message: CAS_MESSAGES.unknownUser });
  });
});
