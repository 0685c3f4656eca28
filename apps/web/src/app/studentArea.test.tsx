// The whole app at /students (spec/01 §2: /students → /students/theoryQuestionList): a signed-in user (the
// admin of the real server, its menu loaded by the guard) goes on to 理论题库; a visitor gets the welcome with
// 登录. Where / leads each user is the guard's landing (guard/decide.test.ts).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { reloadSessionFromStorage, setToken, setUserInfo } from '../lib/session/store';
import { useRealApi } from '../features/students/backoffice/testing/realApi';
import { App } from './App';

// the real server: the guard loads the admin's menu and buttons, 理论题库 asks for its questions
const api = useRealApi();
beforeAll(async () => {
  window.__APP_CONFIG__ = { ...window.__APP_CONFIG__, captcha: false, title: '安学云' };
  const added = await api.call('POST', '/students/theoryQuestion/add', {
    type: 'judge',
    stem: '雷雨天可以在大树下避雨。',
    difficulty: '1',
    score: 2,
    options: [
      { label: 'A', content: '正确', image: null, isCorrect: false },
      { label: 'B', content: '错误', image: null, isCorrect: true },
    ],
  });
  if (!added.success) throw new Error(added.message);
}, 120_000);

const go = (path: string) =>
  act(async () => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

describe('the student area in the app', () => {
  it('shows a signed-in user their home at /students, and 理论题库 from it, with their name and no 登录', async () => {
    setToken(api.token);
    setUserInfo({ id: api.adminId, username: 'admin', realname: '管理员' });
    reloadSessionFromStorage();
    window.history.pushState({}, '', '/students');
    render(<App />);
    // the home (我的作业 first, then the area's pages) stays at /students
    const tile = await screen.findByRole('link', { name: '理论题库' }, { timeout: 8000 });
    expect(window.location.pathname).toBe('/students');
    fireEvent.click(tile);
    expect(await screen.findByText('雷雨天可以在大树下避雨。', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/students/theoryQuestionList');
    expect(screen.getByText('管理员')).toBeInTheDocument();
    expect(screen.queryByText('题库内容即将上线')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^登\s*录$/ })).not.toBeInTheDocument();
    expect(document.title).toBe('理论题库 · 安学云');
    expect(api.seen.some((s) => s.path === '/sys/permission/getUserPermissionByToken')).toBe(true);
  }, 60_000);

  it('welcomes a visitor at /students and sends other area paths to the login page', async () => {
    window.history.pushState({}, '', '/');
    render(<App />);
    expect(await screen.findByRole('button', { name: /^登\s*录$/ }, { timeout: 8000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/students');
    await go('/students/courseList');
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/students/courseList');
  }, 60_000);
});
