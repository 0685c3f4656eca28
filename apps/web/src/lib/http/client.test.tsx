import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@anxue/shared/constants';
import { setNavigator, setReloader } from '../navigation';
import { clearLocalSession, setTenant, setToken, useSession } from '../session/store';
import { envelope, startApiServer, type ApiServer } from '../testing/apiServer';
import { blobText } from './blobText';
import { http } from './client';
import { HttpError, resetErrorState } from './errors';
// the 401 follow-up logs out through lib/auth, which registers itself when loaded
import '../auth/logout';

let api: ApiServer;
const navigated: string[] = [];
let reloads = 0;

beforeAll(async () => {
  api = await startApiServer();
  setNavigator((p) => navigated.push(p));
  setReloader(() => reloads++);
});
afterAll(() => api.close());
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
  api.seen.length = 0;
  navigated.length = 0;
  reloads = 0;
});

// nothing listens on port 1: the connection is refused, no answer comes
const DEAD_URL = 'http://127.0.0.1:1/api/sys/gone';

const fail = (status: number, message: string, code = status) => () => ({ status, body: envelope(null, message, code) });

describe('http client', () => {
  it('sends token, both tenant headers and _t; unwraps the result', async () => {
    setToken('tok-1');
    setTenant(1000);
    api.handle('GET', '/sys/thing', () => ({ body: envelope({ a: 1 }) }));
    await expect(http.get('/sys/thing', { x: 'y' })).resolves.toEqual({ a: 1 });
    const req = api.seen[0];
    expect(req.headers['x-access-token']).toBe('tok-1');
    expect(req.headers['tenant-id']).toBe('1000');
    expect(req.headers['x-tenant-id']).toBe('1000');
    expect(req.query.get('_t')).toMatch(/^\d+$/);
    expect(req.query.get('x')).toBe('y');
  });

  it('sends tenant 0 and no token when signed out; dictionary item lookups get no _t', async () => {
    api.handle('GET', '/sys/dict/getDictItems/sex', () => ({ body: envelope([{ value: '1', text: '男' }], '', 0) }));
    await expect(http.get('/sys/dict/getDictItems/sex')).resolves.toHaveLength(1);
    const req = api.seen[0];
    expect(req.headers['x-access-token']).toBeUndefined();
    expect(req.headers['tenant-id']).toBe('0');
    expect(req.query.has('_t')).toBe(false);
  });

  it('403 shows 拒绝访问 titled 系统提示', async () => {
    api.handle('GET', '/forbidden', fail(403, '没有权限，请联系管理员分配权限！', 510));
    await expect(http.get('/forbidden')).rejects.toBeInstanceOf(HttpError);
    expect(await screen.findByText('拒绝访问')).toBeInTheDocument();
    expect(screen.getByText('系统提示')).toBeInTheDocument();
  });

  it('404 shows the not-found notice', async () => {
    await expect(http.get('/nowhere')).rejects.toMatchObject({ status: 404 });
    expect(await screen.findByText('很抱歉，资源未找到!')).toBeInTheDocument();
  });

  it('504 shows 网络超时', async () => {
    api.handle('GET', '/slow-gateway', fail(504, 'gateway'));
    await expect(http.get('/slow-gateway')).rejects.toMatchObject({ status: 504 });
    expect(await screen.findByText('网络超时')).toBeInTheDocument();
  });

  it('other statuses show the server message; business refusals reject with the envelope', async () => {
    api.handle('POST', '/sys/refuse', fail(400, '用户名或密码错误', 500));
    const err = (await http.post('/sys/refuse', {}).catch((e) => e)) as HttpError;
    expect(err.body?.message).toBe('用户名或密码错误');
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
  });

  it('silent calls show nothing', async () => {
    api.handle('POST', '/sys/refuse', fail(400, '安静的错误', 500));
    await expect(http.post('/sys/refuse', {}, { silent: true })).rejects.toMatchObject({ message: '安静的错误' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('安静的错误')).not.toBeInTheDocument();
  });

  it('401 notices the expiry, logs out (clearing the token) and goes to /user/login after 1.5 s', async () => {
    setToken('stale');
    api.handle('GET', '/sys/private', fail(401, 'Token失效，请重新登录!'));
    api.handle('POST', '/sys/logout', () => ({ status: 401, body: envelope(null, 'Token失效，请重新登录!', 401) }));
    await expect(http.get('/sys/private')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText('很抱歉，登录已过期，请重新登录')).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().token).toBe(''));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigated).toEqual([]);
    await waitFor(() => expect(navigated).toEqual(['/user/login']), { timeout: 3000 });
    // the logout call carried the old token even though the local session was already cleared
    expect(api.seen.find((s) => s.path === '/sys/logout')?.headers['x-access-token']).toBe('stale');
  });

  it('500 with a token-invalid message while signed in opens the login-expired dialog; confirming logs out and reloads', async () => {
    setToken('held');
    api.handle('GET', '/sys/x', fail(500, 'Token失效，请重新登录!'));
    api.handle('POST', '/sys/logout', () => ({ body: envelope(null, '退出登录成功！') }));
    await expect(http.get('/sys/x')).rejects.toMatchObject({ status: 500 });
    // the dialog's button: the same words may still show in the 401 notice of the test before
    (await screen.findByRole('button', { name: /重新登录/ })).click();
    await waitFor(() => expect(reloads).toBe(1));
    expect(useSession.getState().token).toBe('');
  });

  it('inside WeCom (企业微信) the login-expired dialog is replaced by the renewing message, and the page reloads signed out', async () => {
    const ua = Object.getOwnPropertyDescriptor(window.navigator, 'userAgent');
    Object.defineProperty(window.navigator, 'userAgent', { configurable: true, get: () => 'Mozilla/5.0 (iPhone) MicroMessenger/8.0 wxwork/4.1.0' });
    try {
      setToken('held');
      api.handle('GET', '/sys/x', fail(500, 'Token失效，请重新登录!'));
      api.handle('POST', '/sys/logout', () => ({ body: envelope(null, '退出登录成功！') }));
      await expect(http.get('/sys/x')).rejects.toMatchObject({ status: 500 });
      expect(await screen.findByText('登录已过期，正在重新登录...')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /重新登录/ })).not.toBeInTheDocument();
      await waitFor(() => expect(reloads).toBe(1));
      expect(useSession.getState().token).toBe('');
    } finally {
      if (ua) Object.defineProperty(window.navigator, 'userAgent', ua);
      else delete (window.navigator as { userAgent?: string }).userAgent;
    }
  });

  it('500 without a held token shows the message as a notice instead', async () => {
    api.handle('GET', '/sys/x', fail(500, 'Token失效，请重新登录!'));
    await expect(http.get('/sys/x')).rejects.toBeTruthy();
    expect(await screen.findByText('Token失效，请重新登录!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新登录/ })).not.toBeInTheDocument();
  });

  it('blob answers carrying an error envelope are handled like JSON ones', async () => {
    setToken('held');
    api.handle('GET', '/sys/export', fail(500, 'Token失效，请重新登录!'));
    await expect(http.blob('/sys/export')).rejects.toMatchObject({ status: 500 });
    // the envelope inside the blob was read: the login-expired dialog, not a generic notice
    expect(await screen.findByRole('button', { name: /重新登录/ })).toBeInTheDocument();
    api.handle('GET', '/sys/file', () => ({ body: 'a,b\n1,2', contentType: 'text/csv' }));
    const blob = await http.blob('/sys/file');
    expect(await blobText(blob)).toBe('a,b\n1,2');
  });

  it('a timeout shows 网络超时', async () => {
    api.handle('GET', '/sys/hang', () => ({ body: envelope(1), delayMs: 500 }));
    await expect(http.get('/sys/hang', undefined, { timeoutMs: 100 })).rejects.toMatchObject({ timeout: true });
    expect(await screen.findByText('网络超时')).toBeInTheDocument();
  });

  it('query values are written as before: arrays as k[], nested keys in brackets, spaces as +, null and undefined left out', async () => {
    api.handle('GET', '/sys/query', () => ({ body: envelope(null) }));
    await http.get('/sys/query', { ids: [1, 2], name: '张 三', none: null, unset: undefined, when: new Date(0), filter: { grade: 3 }, on: true });
    const { query } = api.seen[0];
    expect(query.getAll('ids[]')).toEqual(['1', '2']);
    expect(query.get('name')).toBe('张 三');
    expect(query.has('none') || query.has('unset')).toBe(false);
    expect(query.get('when')).toBe('1970-01-01T00:00:00.000Z');
    expect(query.get('filter[grade]')).toBe('3');
    expect(query.get('on')).toBe('true');
  });

  it('a call that gets no answer rejects with Network Error, shown as a notice', async () => {
    await expect(http.get(DEAD_URL)).rejects.toMatchObject({ status: 0, message: 'Network Error' });
    expect(await screen.findByText('Network Error')).toBeInTheDocument();
  });

  it('a call the browser cancels as the page is left is never answered, so nothing acts on it (the session stays)', async () => {
    setToken('held');
    const fetches = vi.spyOn(globalThis, 'fetch');
    window.dispatchEvent(new Event('pagehide'));
    try {
      let settled = false;
      void http.get(DEAD_URL).then(
        () => (settled = true),
        () => (settled = true),
      );
      await expect(fetches.mock.results[0].value).rejects.toThrow();
      // the client waits one task before it reports a call without an answer
      for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
      expect(settled).toBe(false);
      expect(useSession.getState().token).toBe('held');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
      fetches.mockRestore();
    }
    // back from the back-forward cache, failures are reported again
    await expect(http.get(DEAD_URL)).rejects.toMatchObject({ status: 0 });
  });
});
