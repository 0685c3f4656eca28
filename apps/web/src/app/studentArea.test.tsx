// The whole app at / (spec/01 §2: / → /students → /students/theoryQuestionList): a signed-in student
// lands in the area with their menu loaded by the guard; a visitor gets the welcome with 登录.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetErrorState } from '../lib/http/errors';
import { clearLocalSession, reloadSessionFromStorage, setToken, setUserInfo } from '../lib/session/store';
import { envelope, startApiServer, type ApiServer } from '../lib/testing/apiServer';
import { areaMenu, STUDENT_PAGES } from '../features/students/area/testing';
import { App } from './App';

let api: ApiServer;
beforeAll(async () => {
  api = await startApiServer();
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云' };
  api.handle('GET', '/sys/permission/getUserPermissionByToken', () => ({
    body: envelope({ menu: areaMenu(STUDENT_PAGES), auth: [{ action: 'students:study', type: '1' }], allAuth: [], codeList: [], sysSafeMode: false }),
  }));
  api.handle('GET', '/students/study/practice/questions', () => ({
    body: envelope({ records: [{ id: 'q1', type: 'judge', stem: '雷雨天可以在大树下避雨。', score: 2, options: [{ label: 'A', content: '正确', image: null }, { label: 'B', content: '错误', image: null }] }], total: 1, size: 10, current: 1, pages: 1 }),
  }));
  api.handle('GET', '/sys/dict/getDictItems/stu_category', () => ({ body: envelope([]) }));
});
afterEach(async () => {
  await resetErrorState();
  clearLocalSession();
});
afterAll(() => api.close());

const go = (path: string) =>
  act(async () => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

describe('the student area in the app', () => {
  it('takes a signed-in student from / to 理论题库 in the area, with their name and no 登录', async () => {
    setToken('tk-s');
    setUserInfo({ id: 'u1', username: 'xiaoming', realname: '张小明' });
    reloadSessionFromStorage();
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByText('雷雨天可以在大树下避雨。', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/students/theoryQuestionList');
    expect(screen.getByText('张小明')).toBeInTheDocument();
    expect(screen.queryByText('题库内容即将上线')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^登\s*录$/ })).not.toBeInTheDocument();
    expect(document.title).toBe('理论题库 · 安学云');
  });

  it('welcomes a visitor at /students and sends other area paths to the login page', async () => {
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByRole('button', { name: /^登\s*录$/ }, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/students');
    await go('/students/courseList');
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/students/courseList');
  });
});
