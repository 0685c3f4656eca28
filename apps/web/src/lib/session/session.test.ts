import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_TTL_MS, STORAGE_KEYS } from '@anxue/shared/constants';
import { localStore } from '../storage';
import { applyLogin } from '../auth/login';
import { clearLocalSession, currentToken, reloadSessionFromStorage, useSession } from './store';

afterEach(() => {
  vi.useRealTimers();
  clearLocalSession();
});

const loginResult = {
  token: 'abc',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员', loginTenantId: 1000 },
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
};

describe('session storage with expiry', () => {
  it('login stores token, user info, tenant and dictionaries; they survive a reload', () => {
    applyLogin(loginResult);
    reloadSessionFromStorage();
    const s = useSession.getState();
    expect(s.token).toBe('abc');
    expect(s.realname).toBe('管理员');
    expect(s.tenantid).toBe(1000);
    expect(localStore.get(STORAGE_KEYS.dictCache)).toEqual(loginResult.sysAllDictItems);
  });

  it('token and user info expire after 7 days', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    applyLogin(loginResult);
    vi.setSystemTime(Date.now() + SESSION_TTL_MS - 1000);
    expect(currentToken()).toBe('abc');
    vi.setSystemTime(Date.now() + 2000);
    expect(currentToken()).toBe('');
    expect(useSession.getState().token).toBe('');
    reloadSessionFromStorage();
    expect(useSession.getState().info).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout clears token, menus, user info, dictionary cache and tenant', () => {
    applyLogin(loginResult);
    useSession.setState({ permissionList: [{ path: '/x', meta: { title: 'x' } }] });
    clearLocalSession();
    const s = useSession.getState();
    expect([s.token, s.username, s.permissionList, s.tenantid]).toEqual(['', '', null, 0]);
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.userInfo, STORAGE_KEYS.dictCache, STORAGE_KEYS.tenantId]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});
