// The dashboards on the real server: rows inserted for sign-ins on past days, users, an announcement and
// study progress; the pages show the figures the server computed from them.
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import { setPermissions, useSession } from '../../lib/session/store';
import { useRealApi } from '../students/backoffice/testing/realApi';
import { DASHBOARD_FIGURES_PERMISSION } from '@anxue/shared/dashboard';
import AnalysisPage from './Analysis.page';
import MonitorPage from './Monitor.page';
import WorkplacePage from './Workplace.page';

configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();
const TENANT = 1000;
const DAY_MS = 24 * 3600_000;

const id = () => crypto.randomUUID().replace(/-/g, '');
const pad = (n: number) => String(n).padStart(2, '0');
/** Noon of the day `daysAgo` before today, as the server stores times (local 'YYYY-MM-DD HH:mm:ss'). */
function dayAgo(daysAgo: number): string {
  const now = new Date();
  const d = new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12).getTime() - daysAgo * DAY_MS);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 12:00:00`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = any;
let newUsersBefore = 0;

beforeAll(async () => {
  const db = api.db() as Db;
  const signIn = (username: string, daysAgo: number) => ({
    id: id(), logType: 1, logContent: `用户名: ${username},登录成功！`, username, ip: '10.0.0.9', requestUrl: '/api/sys/login', outcome: '成功', tenantId: TENANT, createTime: dayAgo(daysAgo),
  });
  await db.insertInto('sysLog').values([signIn('ann', 3), signIn('bob', 3), signIn('ann', 3), signIn('ann', 10)]).execute();

  newUsersBefore = (await api.call('GET', '/sys/dashboard/analysis')).result.newUsers.today;
  for (const username of ['dashuser1', 'dashuser2']) {
    const added = await api.call('POST', '/sys/user/add', { username, realname: username, password: 'Dash#2026-user', confirmPassword: 'Dash#2026-user', selectedroles: '', selecteddeparts: '' });
    expect(added.success).toBe(true);
  }

  const anntId = id();
  await db.insertInto('sysAnnouncement').values({ id: anntId, titile: '寒假安全须知', sendStatus: '1', sendTime: dayAgo(0), priority: 'H', msgCategory: '1', tenantId: TENANT, sender: 'admin' }).execute();
  await db.insertInto('sysAnnouncementSend').values({ id: id(), anntId, userId: api.adminId, tenantId: TENANT }).execute();

  const courseId = id();
  const [l1, l2, paperId] = [id(), id(), id()];
  await db.insertInto('stuCourse').values({ id: courseId, tenantId: TENANT, title: '防溺水' }).execute();
  await db.insertInto('stuLesson').values([l1, l2].map((lessonId) => ({ id: lessonId, tenantId: TENANT, courseId, title: '课时', kind: 'article' }))).execute();
  await db.insertInto('stuLessonProgress').values([
    { id: id(), tenantId: TENANT, userId: api.adminId, lessonId: l1, courseId, finished: 1 },
    { id: id(), tenantId: TENANT, userId: api.adminId, lessonId: l2, courseId, finished: 0 },
  ]).execute();
  await db.insertInto('stuPaper').values({ id: paperId, tenantId: TENANT, title: '安全测验' }).execute();
  await db.insertInto('stuAttempt').values({ id: id(), tenantId: TENANT, paperId, userId: api.adminId, status: 'done', passed: 1, startedAt: Date.now() }).execute();
}, 120_000);

const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement;

describe('首页 (real server)', () => {
  it('shows new users, sign-ins per day, my latest announcement and learning completion the server computed', async () => {
    api.signIn([DASHBOARD_FIGURES_PERMISSION]);
    renderWithProviders(
      <MemoryRouter>
        <AnalysisPage />
      </MemoryRouter>,
    );
    const threeDaysAgo = dayAgo(3).slice(5, 10);
    const tenDaysAgo = dayAgo(10).slice(5, 10);
    expect(await screen.findByText(new RegExp(`${threeDaysAgo} 3 次 2 人`))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`${tenDaysAgo} 1 次 1 人`))).toBeInTheDocument();
    expect(within(statistic('今日新增用户')).getByText(String(newUsersBefore + 2))).toBeInTheDocument();
    expect(screen.getByText('寒假安全须知')).toBeInTheDocument();
    expect(screen.getByText('紧急')).toBeInTheDocument();
    expect(screen.getByText('学习完成情况')).toBeInTheDocument();
    expect(within(statistic('课时完成')).getByText('1 / 2')).toBeInTheDocument();
    expect(within(statistic('通过试卷')).getByText('1')).toBeInTheDocument();
    const visits = (await api.call('GET', '/sys/loginfo')).result;
    expect(await within(statistic('总访问次数')).findByText(String(visits.totalVisitCount))).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '近30日每日登录次数与人数' })).toBeInTheDocument();
  }, 120_000);
});

describe('首页 without the right to the tenant’s figures', () => {
  it('shows my own parts only and never asks for the figures', async () => {
    api.signIn([]);
    const before = api.seen.length;
    renderWithProviders(
      <MemoryRouter>
        <AnalysisPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('寒假安全须知')).toBeInTheDocument();
    expect(screen.queryByText('今日访问次数')).not.toBeInTheDocument();
    expect(screen.queryByText('今日新增用户')).not.toBeInTheDocument();
    expect(screen.queryByText('近30日登录')).not.toBeInTheDocument();
    const asked = api.seen.slice(before).map((s) => s.path);
    expect(asked).toContain('/sys/dashboard/analysis');
    expect(asked).not.toContain('/sys/loginfo');
  }, 120_000);
});

describe('工作台 (real server)', () => {
  it('shows my unread notice, my recent operations and quick links I choose', async () => {
    api.signIn([]);
    useSession.setState({ username: 'admin' });
    setPermissions({
      menu: [
        { path: '/system/user', component: 'system/user/index', route: '1', meta: { title: '用户管理' } },
        { path: '/system/role', component: 'system/role/index', route: '1', meta: { title: '角色管理' } },
      ],
      auth: [],
      allAuth: [],
    });
    renderWithProviders(
      <MemoryRouter>
        <WorkplacePage />
      </MemoryRouter>,
    );
    const unread = (await screen.findByText('未读通知公告')).closest('.ant-list-item') as HTMLElement;
    expect(within(unread).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('我任教的班级（学生 0 人）')).toBeInTheDocument();
    expect(screen.getAllByText(/POST \/api\/sys\/user\/add/).length).toBeGreaterThanOrEqual(2);

    // quick links: the first menu entries until the user chooses; the choice is kept per user in this browser
    const links = screen.getByText('快捷入口').closest('.ant-card') as HTMLElement;
    expect(within(links).getByRole('link', { name: '角色管理' })).toBeInTheDocument();
    fireEvent.click(within(links).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const roleTag = within(dialog).getByText('角色管理').closest('.ant-select-selection-item') as HTMLElement;
    fireEvent.click(roleTag.querySelector('.ant-select-selection-item-remove')!);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await screen.findByRole('link', { name: '用户管理' });
    expect(within(links).queryByRole('link', { name: '角色管理' })).not.toBeInTheDocument();
    expect(localStorage.getItem('DASHBOARD_QUICK_LINKS__admin')).toContain('/system/user');
  }, 120_000);
});

describe('监控页 (real server)', () => {
  it('shows the figures of the node from the monitoring calls', async () => {
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter>
        <MonitorPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(process.version)).toBeInTheDocument();
    expect(screen.getByText(`${process.pid}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CPU 与内存使用率的变化' })).toBeInTheDocument();
    expect(api.seen.map((s) => s.path)).toEqual(expect.arrayContaining(['/sys/actuator/system/info', '/sys/actuator/runtime/info']));
  }, 120_000);
});
