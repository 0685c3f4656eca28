import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../lib/navigation';
import { decide, landingPath } from './decide';

const base = { signedIn: false, permissionsLoaded: false };

describe('route guard decision', () => {
  it('signed out: whitelisted paths open, others go to login with the full path', () => {
    for (const p of ['/', '/user/login', '/user/register', '/user/register-result', '/user/alteration', '/students', '/oauth2-app/login']) {
      expect(decide({ ...base, pathname: p, fullPath: p })).toEqual({ kind: 'allow' });
    }
    expect(decide({ ...base, pathname: '/system/info', fullPath: '/system/info?tab=2' })).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fsystem%2Finfo%3Ftab%3D2',
    });
    expect(decide({ ...base, pathname: '/x', fullPath: '/x', preferOAuthLogin: true })).toEqual({ kind: 'redirect', to: '/oauth2-app/login?redirect=%2Fx' });
  });

  it('signed in: the login pages send home; without permissions they load first', () => {
    expect(decide({ signedIn: true, permissionsLoaded: true, pathname: '/user/login', fullPath: '/user/login' })).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/register', fullPath: '/user/register' })).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    // with a redirect, straight there (never through home), and only inside the app
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/login', fullPath: '/user/login?redirect=%2Fsystem%2Fuser%3Fx%3D1' })).toEqual({ kind: 'redirect', to: '/system/user?x=1' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/login', fullPath: '/user/login?redirect=https%3A%2F%2Fevil.example' })).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/system/info', fullPath: '/system/info' })).toEqual({ kind: 'load-permissions' });
    expect(decide({ signedIn: true, permissionsLoaded: true, pathname: '/system/info', fullPath: '/system/info' })).toEqual({ kind: 'allow' });
  });

  it('the redirect query only leads inside the app', () => {
    expect(redirectTarget('?redirect=%2Fsystem%2Finfo')).toBe('/system/info');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBeUndefined();
  });

  it('lands a student or teacher in the student area, everyone holding the home page at home', () => {
    const area = { path: '/students', children: [{ path: '/students/courseList' }, { path: '/students/theoryQuestionList' }] };
    expect(landingPath([area])).toBe('/students');
    // the home entry every menu gets from the server does not count as holding it
    expect(landingPath([{ id: 'home', path: '/dashboard/analysis' }, area])).toBe('/students');
    expect(landingPath([{ path: '/dashboard/analysis' }, area])).toBeUndefined();
    expect(landingPath([{ path: '/system', children: [{ path: '/system/user' }] }])).toBeUndefined();
  });
});
