import { beforeEach, describe, expect, it } from 'vitest';
import { redirectTarget } from '../../lib/navigation';
import { decide, landingChoices, landingPath, rememberArea, rememberedArea } from './decide';

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

  it('signed in: the login pages send to / (where each user lands); without permissions they load first', () => {
    expect(decide({ signedIn: true, permissionsLoaded: true, pathname: '/user/login', fullPath: '/user/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/register', fullPath: '/user/register' })).toEqual({ kind: 'redirect', to: '/' });
    // with a redirect, straight there (never through home), and only inside the app
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/login', fullPath: '/user/login?redirect=%2Fsystem%2Fuser%3Fx%3D1' })).toEqual({ kind: 'redirect', to: '/system/user?x=1' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/user/login', fullPath: '/user/login?redirect=https%3A%2F%2Fevil.example' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ signedIn: true, permissionsLoaded: false, pathname: '/system/info', fullPath: '/system/info' })).toEqual({ kind: 'load-permissions' });
    expect(decide({ signedIn: true, permissionsLoaded: true, pathname: '/system/info', fullPath: '/system/info' })).toEqual({ kind: 'allow' });
  });

  it('the redirect query only leads inside the app', () => {
    expect(redirectTarget('?redirect=%2Fsystem%2Finfo')).toBe('/system/info');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBeUndefined();
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBeUndefined();
  });

});

describe('where a signed-in user lands', () => {
  // menus as the server answers them: the implicit home (id 'home') first, 我的消息 for everyone
  const implicitHome = { id: 'home', path: '/dashboard/analysis' };
  const myMessages = { id: 'm1', path: '/isps/userAnnouncement', hidden: true };
  const area = (...pages: string[]) => ({ path: '/students', children: pages.map((p) => ({ path: `/students/${p}` })) });
  const studentArea = area('courseList', 'theoryQuestionList');
  const teacherArea = area('courseList', 'theoryQuestionList', 'classStats');
  const education = { path: '/education', children: [{ path: '/education/course' }, { path: '/education/picture' }] };
  const backOffice = [{ path: '/dashboard/analysis' }, { path: '/system', children: [{ path: '/system/user' }] }];

  beforeEach(() => localStorage.clear());

  it('a student: their own home in the student area', () => {
    expect(landingPath([implicitHome, studentArea, myMessages], ['students:study'])).toBe('/students');
    // the study permission alone is enough, whatever pages the menu shows
    expect(landingPath([implicitHome, myMessages], ['students:study'])).toBe('/students');
    // the hidden pages every user holds (account settings, the bell's messages) are no back-office area
    const hidden = { path: '/system', hidden: true, children: [{ path: '/system/usersetting', hidden: true }] };
    expect(landingPath([implicitHome, studentArea, hidden, { path: '/monitor/mynews', hidden: true }], ['students:study'])).toBe('/students');
  });

  it('a teacher: the classes they teach', () => {
    expect(landingPath([implicitHome, teacherArea, myMessages], ['students:study', 'students:teach'])).toBe('/students/classStats');
    // without the classes page in their menu: the area's own home
    expect(landingPath([implicitHome, studentArea], ['students:teach'])).toBe('/students');
  });

  it('a content editor: the 安全教育 menu’s first page, never the empty home', () => {
    expect(landingPath([implicitHome, education, myMessages], ['students:course:list'])).toBe('/education/course');
    const hiddenFirst = { path: '/education', children: [{ path: '/education/course', hidden: true }, { path: '/education/picture' }] };
    expect(landingPath([implicitHome, hiddenFirst], [])).toBe('/education/picture');
  });

  it('an administrator or any back-office user: the back-office home', () => {
    expect(landingPath([...backOffice, studentArea, education], ['students:study', 'students:teach'])).toBe('/dashboard/analysis');
    // back-office pages without the home page's menu: still the back-office home
    expect(landingPath([implicitHome, { path: '/system', children: [{ path: '/system/user' }] }, myMessages], [])).toBe('/dashboard/analysis');
  });

  it('a user without any role: the page that says so', () => {
    expect(landingPath([implicitHome, { id: 'no-role', path: '/no-role' }, myMessages], [])).toBe('/no-role');
    // personal pages (我的消息, 个人页) make nobody a back-office user; without the no-role page: home, as always
    expect(landingPath([implicitHome, myMessages, { path: '/account', children: [{ path: '/account/center' }] }], [])).toBe('/dashboard/analysis');
  });

  it('a user with several areas: the one they opened last, remembered per user', () => {
    const menu = [...backOffice, teacherArea, education];
    const codes = ['students:teach'];
    expect(landingChoices(menu, codes).map((c) => c.area)).toEqual(['backoffice', 'education', 'students']);
    expect(landingPath(menu, codes, rememberedArea('both'))).toBe('/dashboard/analysis');
    rememberArea('both', '/students/courseList');
    expect(landingPath(menu, codes, rememberedArea('both'))).toBe('/students/classStats');
    rememberArea('both', '/education/paper');
    expect(landingPath(menu, codes, rememberedArea('both'))).toBe('/education/course');
    // pages of no area change nothing; another user keeps their own
    rememberArea('both', '/isps/userAnnouncement');
    rememberArea('both', '/account/settings/base');
    expect(rememberedArea('both')).toBe('education');
    expect(rememberedArea('other')).toBeUndefined();
    rememberArea('both', '/system/user');
    expect(landingPath(menu, codes, rememberedArea('both'))).toBe('/dashboard/analysis');
    // an area remembered that the user no longer has is passed over
    expect(landingPath([implicitHome, studentArea], ['students:study'], 'backoffice')).toBe('/students');
  });
});
