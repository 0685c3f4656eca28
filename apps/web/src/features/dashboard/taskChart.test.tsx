// 任务页 and 图表页 on the real server: rows inserted for an unread notice, a failed job run, users of a
// department and announcements; the pages show what the server computed from them.
import { configure, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../components/tree/testing';
import { useRealApi } from '../students/backoffice/testing/realApi';
import ChartPage from './Chart.page';
import TaskPage from './Task.page';

configure({ asyncUtilTimeout: 15_000 });
const api = useRealApi();
const TENANT = 1000;

const id = () => crypto.randomUUID().replace(/-/g, '');
const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
const hoursAgo = (h: number) => stamp(new Date(Date.now() - h * 3600_000));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = any;

beforeAll(async () => {
  const db = api.db() as Db;
  const annt = async (titile: string, msgCategory: string, sendTime: string) => {
    const anntId = id();
    await db.insertInto('sysAnnouncement').values({ id: anntId, titile, sendStatus: '1', sendTime, priority: 'M', msgCategory, tenantId: TENANT, sender: 'admin' }).execute();
    await db.insertInto('sysAnnouncementSend').values({ id: id(), anntId, userId: api.adminId, tenantId: TENANT }).execute();
  };
  await annt('消防疏散演练安排', '1', hoursAgo(2));
  await annt('系统将于周六维护', '2', hoursAgo(1));
  const jobId = id();
  await db.insertInto('sysQuartzJob').values({ id: jobId, jobClassName: 'demoJob', cronExpression: '0 0 1 * * ? *', description: '夜间数据同步', status: -1 }).execute();
  await db.insertInto('sysQuartzJobLog').values({ id: id(), jobId, jobClassName: 'demoJob', fireTime: hoursAgo(3), startTime: hoursAgo(3), triggerType: 'cron', status: 'failure', error: '连接被拒绝' }).execute();

  const depId = id();
  await db.insertInto('sysDepart').values({ id: depId, departName: '安保处', orgCode: 'B77', tenantId: TENANT }).execute();
  for (const username of ['guard1', 'guard2', 'guard3']) {
    const userId = await api.addUser(username);
    await db.insertInto('sysUserDepart').values({ id: id(), userId, depId }).execute();
  }
}, 120_000);

const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement;

describe('任务页 (real server)', () => {
  it('lists my unread notice and message with their counts, and the failed job run of the last days', async () => {
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter>
        <TaskPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByText('消防疏散演练安排')).closest('tr') as HTMLElement;
    expect(within(row).getByText('通知公告')).toBeInTheDocument();
    expect(within(row).getByText('重要')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '办理' })).toHaveAttribute('href', '/isps/userAnnouncement');
    expect(within(screen.getByText('系统将于周六维护').closest('tr') as HTMLElement).getByText('系统消息')).toBeInTheDocument();
    expect(await within(statistic('未读通知公告')).findByText('1')).toBeInTheDocument();
    expect(within(statistic('未读系统消息')).getByText('1')).toBeInTheDocument();
    expect(screen.getByText('我的待办【2】')).toBeInTheDocument();

    const job = screen.getByText('夜间数据同步').closest('tr') as HTMLElement;
    expect(within(job).getByText('连接被拒绝')).toBeInTheDocument();
    expect(within(statistic('失败的定时任务')).getByText('1')).toBeInTheDocument();
    expect(api.seen.map((s) => s.path)).toEqual(expect.arrayContaining(['/sys/dashboard/tasks', '/sys/dashboard/workplace']));
  }, 120_000);
});

describe('图表页 (real server)', () => {
  it('draws the figures the server computed: users per department, announcements per month, learning', async () => {
    api.signIn([]);
    renderWithProviders(
      <MemoryRouter>
        <ChartPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/安保处 3 人/)).toBeInTheDocument();
    const now = new Date();
    const month = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
    expect(screen.getByText(new RegExp(`${month}：公告 1 条，消息 1 条`))).toBeInTheDocument();
    expect(screen.getByText(/近30日共登录 \d+ 次/)).toBeInTheDocument();
    expect(screen.getByText(/课时完成 0 \/ 0/)).toBeInTheDocument();
    for (const label of ['近30日每日登录次数与人数的折线图', '各部门用户数的条形图', '近12个月每月发布的通知公告与系统消息的柱状图', '课时完成与测验通过的饼图']) {
      expect(screen.getByRole('img', { name: label })).toBeInTheDocument();
    }
    expect(api.seen.map((s) => s.path)).toContain('/sys/dashboard/charts');
  }, 120_000);
});
