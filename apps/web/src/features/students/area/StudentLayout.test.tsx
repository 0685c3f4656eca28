import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { setReloader } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/store';
import { useRealApi } from '../backoffice/testing/realApi';
import { renderArea, signIn } from './testing';

configure({ asyncUtilTimeout: 8000 });

// a fresh install: no questions, no classes
const api = useRealApi();
beforeAll(() => setReloader(() => {}));

// The sign-out test ends the admin's session on the server, so it runs last.
describe('the student area layout (real server)', () => {
  it('gives a teacher who also holds back-office menus 班级统计 and a 管理后台 link', async () => {
    const user = userEvent.setup();
    signIn(api, {
      teacher: true,
      keys: ['courseList', 'theoryQuestionList', 'classStats'],
      extraMenu: [{ path: '/education', component: 'layouts/RouteView', route: '1', meta: { title: '安全教育' }, children: [{ path: '/education/course', component: 'education/course/index', route: '1', meta: { title: '课程管理' } }] }],
    });
    renderArea('/students/classStats');
    expect(await screen.findByText('你还不是任何班级的老师')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: '学习园地导航' })).getByText('班级统计')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^我的账号/ }));
    await user.click(await screen.findByText('管理后台'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/analysis');
  }, 60_000);

  it('refuses a page the user does not hold, and welcomes a visitor with a 登录 button', async () => {
    signIn(api, { keys: ['theoryQuestionList'] });
    const first = renderArea('/students/classStats');
    expect(await screen.findByText('没有访问权限')).toBeInTheDocument();
    expect(api.seen.some((s) => s.path.startsWith('/students/teach'))).toBe(false);
    first.unmount();

    useSession.setState({ token: '' });
    localStorage.clear();
    renderArea('/students');
    const login = await screen.findByRole('button', { name: /^登\s*录$/ });
    expect(login.closest('a')).toHaveAttribute('href', '/user/login?redirect=%2Fstudents');
    expect(screen.queryByRole('navigation', { name: '学习园地导航' })).not.toBeInTheDocument();
  }, 60_000);
  it('shows who is signed in, only the pages the user holds, and signs out', async () => {
    const user = userEvent.setup();
    signIn(api, { keys: ['courseList', 'theoryQuestionList', 'dangerQuestionList', 'competitionTeamPerson'] });
    renderArea('/students');

    // /students shows a signed-in user 我的作业 first, and the area's pages
    expect(await screen.findByRole('heading', { name: '我的作业' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: '学习园地' })).getByText('理论题库'));
    expect(await screen.findByText('题库里还没有题目')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/students/theoryQuestionList');
    expect(screen.queryByText('题库内容即将上线')).not.toBeInTheDocument();
    expect(screen.getByText('管理员')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: '学习园地导航' });
    for (const title of ['课程学习', '理论题库', '隐患排查', '竞赛队伍']) expect(within(nav).getByText(title)).toBeInTheDocument();
    for (const title of ['班级统计', '安全图片', '安全视频']) expect(within(nav).queryByText(title)).not.toBeInTheDocument();
    expect(within(nav).getByText('理论题库').closest('a')).toHaveAttribute('aria-current', 'page');

    // a student holds no back-office menu: no 管理后台; sign-out asks, then clears the session
    await user.click(screen.getByRole('button', { name: /^我的账号/ }));
    expect(await screen.findByText('退出登录')).toBeInTheDocument();
    expect(screen.queryByText('管理后台')).not.toBeInTheDocument();
    await user.click(screen.getByText('退出登录'));
    await user.click(await screen.findByRole('button', { name: '退 出' }));
    await waitFor(() => expect(api.seen.some((s) => s.method === 'POST' && s.path === '/sys/logout')).toBe(true));
    expect(useSession.getState().token).toBe('');
    expect(await screen.findByRole('button', { name: /^登\s*录$/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/students$/);
    // the server has ended the session: the old token is refused
    expect(await api.call('GET', '/students/study/papers')).toMatchObject({ success: false, message: 'Token失效，请重新登录!' });
  }, 60_000);

});
