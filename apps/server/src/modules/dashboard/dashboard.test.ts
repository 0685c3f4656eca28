import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../test/helpers/test-app';
import { formatDateTime, newId, seedId } from '../../core/db';
import { dashboardFiguresPermission } from '../../core/db/migrations/0041-dashboard-figures-permission';
import { insertClass, insertCourse, insertLesson, insertPaper, userWith } from '../students/study/test-kit';

const DAY_MS = 24 * 3600_000;
let t: TestApp;
let admin: string;
let adminId: string;

/** Noon of the day `daysAgo` before the server's today, as stored. */
function dayAgo(daysAgo: number, hour = 12): string {
  const now = t.clock.now();
  return formatDateTime(new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour).getTime() - daysAgo * DAY_MS));
}
const day = (daysAgo: number) => dayAgo(daysAgo).slice(0, 10);

async function signIn(username: string, daysAgo: number, tenantId = DEFAULT_TENANT) {
  await t.db
    .insertInto('sysLog')
    .values({ id: newId(), logType: 1, logContent: `用户名: ${username},登录成功！`, username, ip: '10.0.0.1', requestUrl: '/api/sys/login', outcome: '成功', tenantId, createTime: dayAgo(daysAgo) })
    .execute();
}

async function analysis(token = admin) {
  const { body } = await apiCall(t.app, token, 'GET', '/sys/dashboard/analysis');
  expect(body.success).toBe(true);
  return body.result;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  adminId = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '另一租户', status: 1 }).execute();
});
afterAll(() => t.close());

describe('home page figures (/sys/dashboard/analysis)', () => {
  it('counts sign-ins per day over 30 days, of the caller tenant only; sign-outs and failures are not visits', async () => {
    await signIn('ann', 3);
    await signIn('bob', 3);
    await signIn('ann', 3);
    await signIn('ann', 10);
    await signIn('ann', 40); // older than 30 days
    await signIn('zed', 3, 2000); // another tenant
    await t.db
      .insertInto('sysLog')
      .values([
        { id: newId(), logType: 1, username: 'ann', requestUrl: '/api/sys/logout', outcome: '成功', tenantId: DEFAULT_TENANT, createTime: dayAgo(5) },
        { id: newId(), logType: 1, username: 'ann', requestUrl: '/api/sys/login', outcome: '失败：用户名或密码错误', tenantId: DEFAULT_TENANT, createTime: dayAgo(5) },
      ])
      .execute();
    const r = await analysis();
    const days = r.loginsByDay as Array<{ day: string; logins: number; users: number }>;
    expect(days).toHaveLength(30);
    expect(days[29].day).toBe(day(0));
    expect(days[0].day).toBe(day(29));
    const of = (k: number) => days.find((d) => d.day === day(k));
    expect(of(3)).toEqual({ day: day(3), logins: 3, users: 2 });
    expect(of(10)).toEqual({ day: day(10), logins: 1, users: 1 });
    expect(of(5)).toEqual({ day: day(5), logins: 0, users: 0 });
    expect(of(0)!.logins).toBeGreaterThanOrEqual(1); // the admin's own sign-in of this test
  });

  it('counts new users of the tenant today, this month and in all', async () => {
    const before = (await analysis()).newUsers;
    const fresh = await createUser(t.db, { username: 'newbie1', password: 'Newbie#2026' });
    await createUser(t.db, { username: 'newbie2', password: 'Newbie#2026' });
    const other = await createUser(t.db, { username: 'outsider', password: 'Outsider#2026', tenants: [2000] });
    await t.db.updateTable('sysUser').set({ createTime: dayAgo(0, 9) }).where('id', 'in', [fresh, other]).execute();
    const after = (await analysis()).newUsers;
    expect(after.today).toBe(before.today + 1);
    expect(after.month).toBe(before.month + 1);
    expect(after.total).toBe(before.total + 2);
  });

  it('lists the caller’s latest released announcements, drafts and other people’s not', async () => {
    const annt = async (titile: string, sendStatus: string, userId: string, sendTime: string) => {
      const id = newId();
      await t.db.insertInto('sysAnnouncement').values({ id, titile, sendStatus, sendTime, priority: 'H', msgCategory: '1', tenantId: DEFAULT_TENANT, sender: 'admin' }).execute();
      await t.db.insertInto('sysAnnouncementSend').values({ id: newId(), anntId: id, userId, tenantId: DEFAULT_TENANT }).execute();
    };
    await annt('消防演练通知', '1', adminId, dayAgo(1));
    await annt('期末安全考试', '1', adminId, dayAgo(0, 8));
    await annt('草稿不显示', '0', adminId, dayAgo(0, 9));
    await annt('发给别人', '1', await createUser(t.db, { username: 'someone', password: 'Someone#2026' }), dayAgo(0, 10));
    const r = await analysis();
    expect(r.announcements.map((a: { titile: string }) => a.titile)).toEqual(['期末安全考试', '消防演练通知']);
    expect(r.announcements[0]).toMatchObject({ priority: 'H', readFlag: 0, sender: 'admin' });
  });

  it('answers learning completion of the tenant to a teacher, a student’s own to a student, nothing to others', async () => {
    const learner = await userWith(t, 'learner1');
    const student = learner.id;
    const courseId = await insertCourse(t.db);
    const [l1, l2, l3] = [await insertLesson(t.db, { courseId }), await insertLesson(t.db, { courseId }), await insertLesson(t.db, { courseId })];
    const [p1, p2] = [await insertPaper(t.db, { title: '卷一' }), await insertPaper(t.db, { title: '卷二' })];
    const progress = (userId: string, lessonId: string, finished: number, tenantId = DEFAULT_TENANT) => ({ id: newId(), userId, lessonId, courseId, finished, tenantId });
    await t.db
      .insertInto('stuLessonProgress')
      .values([progress(student, l1, 1), progress(student, l2, 1), progress(student, l3, 0), progress(adminId, l1, 1), progress(adminId, l2, 0, 2000)])
      .execute();
    const attempt = (userId: string, paperId: string, passed: number, status = 'done') => ({ id: newId(), paperId, userId, status, passed, startedAt: Date.now(), tenantId: DEFAULT_TENANT });
    await t.db
      .insertInto('stuAttempt')
      .values([attempt(student, p1, 0), attempt(student, p1, 1), attempt(student, p1, 1), attempt(student, p2, 0), attempt(adminId, p1, 1), attempt(adminId, p2, 0, 'doing')])
      .execute();
    // an open activity of the learner's class with the second paper, not yet passed (the workplace's task)
    const classId = await insertClass(t.db, '一班', [{ userId: student, role: 'student' }, { userId: adminId, role: 'teacher' }]);
    const activityId = newId();
    await t.db.insertInto('stuActivity').values({ id: activityId, tenantId: DEFAULT_TENANT, title: '安全月', paperId: p2, published: 1 }).execute();
    await t.db.insertInto('stuActivityClass').values({ id: newId(), tenantId: DEFAULT_TENANT, activityId, classId }).execute();

    expect((await analysis()).study).toEqual({ scope: 'tenant', learners: 2, lessonsStarted: 4, lessonsFinished: 3, attemptsSubmitted: 5, attemptsPassed: 3, papersPassed: 2 });
    expect((await analysis(learner.token)).study).toEqual({ scope: 'mine', learners: 1, lessonsStarted: 3, lessonsFinished: 2, attemptsSubmitted: 4, attemptsPassed: 2, papersPassed: 1 });
    await createUser(t.db, { username: 'plain1', password: 'Plain#2026x' });
    const plain = await login(t.app, 'plain1', 'Plain#2026x');
    const r = await analysis(plain);
    expect(r.study).toBeNull();
    expect(r.announcements).toEqual([]); // the admin's announcements are not theirs
  });
});

describe('task page (/sys/dashboard/tasks)', () => {
  it('lists my unread released notices and, to who may list jobs, the failed job runs of the last 7 days', async () => {
    const jobId = newId();
    await t.db.insertInto('sysQuartzJob').values({ id: jobId, jobClassName: 'demoJob', cronExpression: '0 0 1 * * ? *', description: '夜间清理', status: -1 }).execute();
    const run = (status: string, daysAgo: number, error: string | null) => ({
      id: newId(), jobId, jobClassName: 'demoJob', fireTime: dayAgo(daysAgo), startTime: dayAgo(daysAgo), triggerType: 'cron', status, error,
    });
    await t.db.insertInto('sysQuartzJobLog').values([run('failure', 1, '磁盘已满'), run('success', 1, null), run('failure', 9, '太旧')]).execute();

    const { body } = await apiCall(t.app, admin, 'GET', '/sys/dashboard/tasks');
    expect(body.success).toBe(true);
    // the two unread released announcements of the home page's test, newest first; the draft and others' not
    expect(body.result.unread.map((u: { titile: string }) => u.titile)).toEqual(['期末安全考试', '消防演练通知']);
    expect(body.result.failedJobs).toEqual([expect.objectContaining({ jobId, description: '夜间清理', error: '磁盘已满' })]);

    // a user without 定时任务 sees no jobs; reading an announcement takes it off the list
    await createUser(t.db, { username: 'nojobs1', password: 'NoJobs#2026' });
    const plain = await login(t.app, 'nojobs1', 'NoJobs#2026');
    expect((await apiCall(t.app, plain, 'GET', '/sys/dashboard/tasks')).body.result).toEqual({ unread: [], failedJobs: null });
    await t.db.updateTable('sysAnnouncementSend').set({ readFlag: 1 }).where('userId', '=', adminId).where('anntId', 'in', t.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '期末安全考试')).execute();
    const after = (await apiCall(t.app, admin, 'GET', '/sys/dashboard/tasks')).body.result;
    expect(after.unread.map((u: { titile: string }) => u.titile)).toEqual(['消防演练通知']);
    await t.db.updateTable('sysAnnouncementSend').set({ readFlag: 0 }).where('userId', '=', adminId).execute();
  });
});

describe('chart page (/sys/dashboard/charts)', () => {
  it('answers sign-ins per day, users per department and announcements per month of the caller tenant', async () => {
    const before = (await apiCall(t.app, admin, 'GET', '/sys/dashboard/charts')).body.result;
    const usersOf = (r: { usersByDepart: Array<{ departName: string; users: number }> }, name: string) => r.usersByDepart.find((d) => d.departName === name)?.users ?? 0;
    await createUser(t.db, { username: 'dev1', password: 'Dev#2026-one', departCodes: ['A01A01'] });
    await createUser(t.db, { username: 'dev2', password: 'Dev#2026-two', departCodes: ['A01A01', 'A01'] });
    // a department of another tenant is not counted
    const otherDep = newId();
    await t.db.insertInto('sysDepart').values({ id: otherDep, departName: '别家部门', orgCode: 'Z99', tenantId: 2000 }).execute();
    await t.db.insertInto('sysUserDepart').values({ id: newId(), userId: adminId, depId: otherDep }).execute();
    const annt = (category: string, sendStatus: string, sendTime: string, tenantId = DEFAULT_TENANT) =>
      ({ id: newId(), titile: '图表公告', sendStatus, sendTime, msgCategory: category, tenantId, sender: 'admin' });
    const now = t.clock.now();
    const month = (back: number) => formatDateTime(new Date(now.getFullYear(), now.getMonth() - back, 15, 12));
    await t.db.insertInto('sysAnnouncement').values([
      annt('1', '1', month(0)), annt('2', '1', month(0)), annt('1', '1', month(2)), annt('1', '0', month(2)), annt('1', '1', month(2), 2000), annt('1', '1', month(13)),
    ]).execute();

    const { body } = await apiCall(t.app, admin, 'GET', '/sys/dashboard/charts');
    expect(body.success).toBe(true);
    const r = body.result;
    expect(usersOf(r, '研发部')).toBe(usersOf(before, '研发部') + 2);
    expect(usersOf(r, '总公司')).toBe(usersOf(before, '总公司') + 1);
    expect(usersOf(r, '别家部门')).toBe(0);
    expect(r.usersByDepart[0].users).toBeGreaterThanOrEqual(r.usersByDepart.at(-1).users);

    const months = r.announcementsByMonth as Array<{ month: string; notices: number; messages: number }>;
    expect(months).toHaveLength(12);
    expect(months[11].month).toBe(month(0).slice(0, 7));
    const delta = (back: number) => {
      const m = month(back).slice(0, 7);
      const b = before.announcementsByMonth.find((x: { month: string }) => x.month === m);
      const a = months.find((x) => x.month === m)!;
      return { notices: a.notices - b.notices, messages: a.messages - b.messages };
    };
    expect(delta(0)).toEqual({ notices: 1, messages: 1 });
    expect(delta(2)).toEqual({ notices: 1, messages: 0 }); // the draft and the other tenant's are not counted

    expect(r.loginsByDay).toHaveLength(30);
    expect(r.loginsByDay).toEqual((await analysis()).loginsByDay);
    expect(r.study).toMatchObject({ scope: 'tenant' });
  });
});

describe('workplace (/sys/dashboard/workplace)', () => {
  it('answers my unread announcements, my recent operations and my study tasks', async () => {
    await apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'WPX', name: '工作台职务' });
    const { body } = await apiCall(t.app, admin, 'GET', '/sys/dashboard/workplace');
    expect(body.success).toBe(true);
    expect(body.result.unreadAnnouncements).toBe(2);
    expect(body.result.recent[0]).toMatchObject({ requestUrl: '/api/sys/position/add', requestType: 'POST', outcome: '成功' });
    expect(body.result.teach).toEqual({ classes: 1, students: 1 });

    const learner = await login(t.app, 'learner1', 'Study#2026-pass');
    const mine = (await apiCall(t.app, learner, 'GET', '/sys/dashboard/workplace')).body.result;
    expect(mine).toMatchObject({ unreadAnnouncements: 0, recent: [], study: { unfinishedLessons: 1, openActivities: 1, papersToPass: 1 }, teach: null });
  });

  it('needs a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/dashboard/analysis' });
    expect(res.json().success).toBe(false);
  });
});

describe("the tenant's figures need dashboard:analysis:view", () => {
  const figureRoutes = ['/sys/loginfo', '/sys/visitInfo', '/sys/dashboard/charts'];

  it('refuses the figure routes to a user without it, and answers their home page without the figures', async () => {
    await createUser(t.db, { username: 'nofigures', password: 'NoFigures#2026' });
    // a role that opens the home page, its button not granted
    await createUser(t.db, { username: 'homeonly', password: 'HomeOnly#2026', menuKeys: ['home', 'dashboard', 'dashboard.chart'] });
    for (const [username, password] of [['nofigures', 'NoFigures#2026'], ['homeonly', 'HomeOnly#2026']]) {
      const token = await login(t.app, username, password);
      for (const url of figureRoutes) {
        const res = await apiCall(t.app, token, 'GET', url);
        expect(res, `${username} ${url}`).toMatchObject({ status: 403, body: { success: false, code: 510 } });
      }
      const r = await analysis(token);
      expect(r).toMatchObject({ newUsers: null, loginsByDay: null, announcements: [] });
    }
  });

  it('answers them to the admin and to any role granted the home page’s button', async () => {
    expect((await analysis()).newUsers.total).toBeGreaterThan(0);
    await createUser(t.db, { username: 'figures1', password: 'Figures#2026', menuKeys: ['home', 'home.figures'] });
    for (const token of [admin, await login(t.app, 'figures1', 'Figures#2026')]) {
      for (const url of figureRoutes) expect((await apiCall(t.app, token, 'GET', url)).body.success, url).toBe(true);
      const r = await analysis(token);
      expect(r.newUsers).toMatchObject({ total: expect.any(Number) });
      expect(r.loginsByDay).toHaveLength(30);
    }
  });

  it('an install from before the button grants it to every role holding the home or chart page', async () => {
    const button = seedId('menu.home.figures');
    await t.db.deleteFrom('sysPermission').where('id', '=', button).execute();
    await t.db.deleteFrom('sysInstall').where('key', '=', 'seeded:menu.home.figures').execute();
    const home = await createUser(t.db, { username: 'oldhome', password: 'OldHome#2026', menuKeys: ['home'] });
    const chart = await createUser(t.db, { username: 'oldchart', password: 'OldChart#2026', menuKeys: ['dashboard', 'dashboard.chart'] });
    await createUser(t.db, { username: 'oldother', password: 'OldOther#2026', menuKeys: ['account', 'account.center'] });
    await dashboardFiguresPermission.up(t.db.withoutPlugins());
    await dashboardFiguresPermission.up(t.db.withoutPlugins()); // twice changes nothing more
    const holders = await t.db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysUserRole as ur', 'ur.roleId', 'rp.roleId')
      .select('ur.userId')
      .where('rp.permissionId', '=', button)
      .execute();
    const ids = holders.map((h) => h.userId);
    expect(ids).toEqual(expect.arrayContaining([adminId, home, chart]));
    expect(ids).toHaveLength(new Set(ids).size);
    expect((await apiCall(t.app, await login(t.app, 'oldchart', 'OldChart#2026'), 'GET', '/sys/loginfo')).body.success).toBe(true);
    expect((await apiCall(t.app, await login(t.app, 'oldother', 'OldOther#2026'), 'GET', '/sys/loginfo')).status).toBe(403);
    const row = await t.db.selectFrom('sysPermission').select(['perms', 'parentId', 'menuType']).where('id', '=', button).executeTakeFirstOrThrow();
    expect(row).toEqual({ perms: 'dashboard:analysis:view', parentId: seedId('menu.home'), menuType: 2 });
  });
});
