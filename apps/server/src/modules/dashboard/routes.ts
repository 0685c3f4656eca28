// The figures of the home page, the workplace, the task page and the chart page that the original's
// /sys/loginfo and /sys/visitInfo lack, each of the caller's tenant (or the caller's own rows). The tenant's
// figures (new users, user totals, sign-ins per day, users per department) need the home menu's button
// dashboard:analysis:view: without it the home page answers only the caller's own announcements and learning,
// and the chart page refuses. The workplace and the task page hold the caller's own rows and need a sign-in
// (failed scheduled jobs only for who may list jobs). Learning figures of the whole tenant are for holders of
// students:teach (teachers, administrators); a student (students:study) sees their own; anyone else none.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { DASHBOARD_FIGURES_PERMISSION, type AnalysisFigures, type ChartFigures, type StudyFigures, type TaskFigures, type WorkplaceFigures } from '@anxue/shared/dashboard';
import { currentUser, holdsAny, whereTenant } from '../../core/access';
import { callerOf, type Caller } from '../../core/crud';
import { formatDateTime, type Db } from '../../core/db';
import { ok } from '../../core/http';
import { QUARTZ_PERMISSION } from '../quartz/resource';

const DAY_MS = 24 * 3600_000;
export const LOGIN_DAYS = 30;
const LOGIN_LOG = 1;
const OPERATION_LOG = 2;
const tags = ['首页'];
const FAILED_JOB_DAYS = 7;
const TASK_LIMIT = 20;
const CHART_MONTHS = 12;
/** Who may see scheduled jobs: those who may list them. */
const JOB_LIST_PERMISSION = `${QUARTZ_PERMISSION}:list`;

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const n = (v: unknown) => Number(v ?? 0);


async function studyFigures(db: Db, caller: Caller, mine: boolean): Promise<StudyFigures> {
  let progress = whereTenant(db.selectFrom('stuLessonProgress'), caller);
  let attempts = whereTenant(db.selectFrom('stuAttempt'), caller).where('status', '=', 'done');
  if (mine) {
    progress = progress.where('userId', '=', caller.id);
    attempts = attempts.where('userId', '=', caller.id);
  }
  const [p, a, passedPairs] = await Promise.all([
    progress
      .select((eb) => [
        eb.fn.countAll<number>().as('started'),
        eb.fn.sum<number>(eb.case().when('finished', '=', 1).then(1).else(0).end()).as('finished'),
        eb.fn.count<number>('userId').distinct().as('learners'),
      ])
      .executeTakeFirstOrThrow(),
    attempts
      .select((eb) => [eb.fn.countAll<number>().as('submitted'), eb.fn.sum<number>(eb.case().when('passed', '=', 1).then(1).else(0).end()).as('passed')])
      .executeTakeFirstOrThrow(),
    attempts.where('passed', '=', 1).select(['userId', 'paperId']).distinct().execute(),
  ]);
  return {
    scope: mine ? 'mine' : 'tenant',
    learners: n(p.learners),
    lessonsStarted: n(p.started),
    lessonsFinished: n(p.finished),
    attemptsSubmitted: n(a.submitted),
    attemptsPassed: n(a.passed),
    papersPassed: passedPairs.length,
  };
}

/** Learning figures of the tenant for students:teach, the caller's own for students:study, else none. */
function studyFor(db: Db, caller: Caller, perms: ReadonlySet<string>): Promise<StudyFigures | null> {
  if (holdsAny(perms, TEACH_PERMISSION)) return studyFigures(db, caller, false);
  if (holdsAny(perms, STUDY_PERMISSION)) return studyFigures(db, caller, true);
  return Promise.resolve(null);
}

/** Successful sign-ins (not sign-outs) and distinct users per day of the tenant, the last 30 days up to today. */
async function loginsPerDay(db: Db, caller: Caller, today: Date): Promise<ChartFigures['loginsByDay']> {
  const end = new Date(today.getTime() + DAY_MS);
  const start = new Date(end.getTime() - LOGIN_DAYS * DAY_MS);
  const dayOf = sql<string>`substr(create_time, 1, 10)`;
  const logins = await whereTenant(db.selectFrom('sysLog'), caller)
    .where('logType', '=', LOGIN_LOG)
    .where('outcome', '=', '成功')
    .where('requestUrl', 'not like', '%/logout')
    .where('createTime', '>=', formatDateTime(start))
    .where('createTime', '<', formatDateTime(end))
    .select((eb) => [dayOf.as('day'), eb.fn.countAll<number>().as('logins'), eb.fn.count<number>('username').distinct().as('users')])
    .groupBy(dayOf)
    .execute();
  const byDay = new Map(logins.map((r) => [r.day, r]));
  return Array.from({ length: LOGIN_DAYS }, (_, i) => {
    const date = formatDateTime(new Date(start.getTime() + i * DAY_MS + 12 * 3600_000)).slice(0, 10);
    return { day: date, logins: n(byDay.get(date)?.logins), users: n(byDay.get(date)?.users) };
  });
}

/** New users of the caller's tenant (membership in sys_user_tenant) today, this month and in all, and sign-ins per day. */
async function tenantFigures(db: Db, caller: Caller, today: Date): Promise<{ newUsers: NonNullable<AnalysisFigures['newUsers']>; loginsByDay: ChartFigures['loginsByDay'] }> {
  const monthStart = new Date(today.getFullYear(), today.getMonth(), 1);
  const end = new Date(today.getTime() + DAY_MS);
  let users = db.selectFrom('sysUser as u').where('u.delFlag', '=', 0);
  if (!caller.allTenants) {
    const members = db.selectFrom('sysUserTenant').select('userId').where('tenantId', '=', caller.tenantId > 0 ? caller.tenantId : -1);
    users = users.where('u.id', 'in', members);
  }
  const created = (from: Date) => users.where('u.createTime', '>=', formatDateTime(from)).where('u.createTime', '<', formatDateTime(end));
  const [all, day, month, loginsByDay] = await Promise.all([
    users.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    created(today).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    created(monthStart).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    loginsPerDay(db, caller, today),
  ]);
  return { newUsers: { today: n(day.n), month: n(month.n), total: n(all.n) }, loginsByDay };
}

export async function dashboardRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The original client's 刷新缓存 also flushes its dashboard designer's cache (积木BI, a closed module this
  // product does not have): nothing to flush, answered as done so the header's refresh goes on.
  api.get('/drag/page/refreshCache', { config: { auth: true }, schema: { tags, summary: '刷新大屏设计器缓存（未提供设计器，无缓存）' } }, async () => ok(null));

  api.get('/sys/dashboard/analysis', { config: { auth: true }, schema: { tags, summary: '首页统计：新用户、近30日登录、最新公告、学习完成情况' } }, async (req) => {
    const caller = callerOf(req);
    const today = dayStart(clock.now());
    const perms = await currentUser(req).permissions();
    const [figures, announcements, study] = await Promise.all([
      holdsAny(perms, DASHBOARD_FIGURES_PERMISSION) ? tenantFigures(db, caller, today) : Promise.resolve(null),
      // the caller's own deliveries of released announcements, newest first (what the bell shows, read ones too)
      db
        .selectFrom('sysAnnouncementSend as s')
        .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
        .where('s.userId', '=', caller.id)
        .where('s.tenantId', '=', caller.tenantId)
        .where('a.sendStatus', '=', '1')
        .where('a.delFlag', '=', 0)
        .select(['a.id', 'a.titile', 'a.sender', 'a.sendTime', 'a.priority', 'a.msgCategory', 's.readFlag'])
        .orderBy('a.sendTime', 'desc')
        .orderBy('a.id')
        .limit(5)
        .execute(),
      studyFor(db, caller, perms),
    ]);
    const answer: AnalysisFigures = {
      newUsers: figures?.newUsers ?? null,
      loginsByDay: figures?.loginsByDay ?? null,
      announcements: announcements.map((a) => ({ ...a, readFlag: n(a.readFlag) })),
      study,
    };
    return ok(answer);
  });

  api.get('/sys/dashboard/workplace', { config: { auth: true }, schema: { tags, summary: '工作台：我的待办与最近操作' } }, async (req) => {
    const caller = callerOf(req);
    const nowText = formatDateTime(clock.now());
    const perms = await currentUser(req).permissions();
    const unread = (category: string) =>
      db
        .selectFrom('sysAnnouncementSend as s')
        .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
        .where('s.userId', '=', caller.id)
        .where('s.tenantId', '=', caller.tenantId)
        .where('s.readFlag', '=', 0)
        .where('a.sendStatus', '=', '1')
        .where('a.delFlag', '=', 0)
        .where('a.msgCategory', '=', category)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const [annt, sys, recent] = await Promise.all([
      unread('1'),
      unread('2'),
      whereTenant(db.selectFrom('sysLog'), caller)
        .where('logType', '=', OPERATION_LOG)
        .where('userid', '=', caller.id)
        .select(['id', 'logContent', 'operateType', 'requestType', 'requestUrl', 'outcome', 'createTime'])
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(10)
        .execute(),
    ]);

    let study: WorkplaceFigures['study'] = null;
    if (holdsAny(perms, STUDY_PERMISSION)) {
      const myClasses = whereTenant(db.selectFrom('stuClassMember').select('classId'), caller).where('userId', '=', caller.id);
      const [lessons, activities] = await Promise.all([
        whereTenant(db.selectFrom('stuLessonProgress'), caller)
          .where('userId', '=', caller.id)
          .where('finished', '=', 0)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        whereTenant(db.selectFrom('stuActivity'), caller)
          .where('published', '=', 1)
          .where('id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', 'in', myClasses))
          .where((eb) => eb.or([eb('endTime', 'is', null), eb('endTime', '>=', nowText)]))
          .select(['id', 'paperId'])
          .execute(),
      ]);
      const paperIds = [...new Set(activities.map((a) => a.paperId).filter((p): p is string => !!p))];
      const passed = paperIds.length
        ? await whereTenant(db.selectFrom('stuAttempt'), caller)
            .where('userId', '=', caller.id)
            .where('passed', '=', 1)
            .where('paperId', 'in', paperIds)
            .select('paperId')
            .distinct()
            .execute()
        : [];
      study = { unfinishedLessons: n(lessons.n), openActivities: activities.length, papersToPass: paperIds.length - passed.length };
    }

    let teach: WorkplaceFigures['teach'] = null;
    if (holdsAny(perms, TEACH_PERMISSION)) {
      const taught = whereTenant(db.selectFrom('stuClassMember').select('classId'), caller).where('userId', '=', caller.id).where('memberRole', '=', 'teacher');
      const [classes, students] = await Promise.all([
        taught.execute(),
        whereTenant(db.selectFrom('stuClassMember'), caller)
          .where('classId', 'in', taught)
          .where('memberRole', '=', 'student')
          .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      teach = { classes: classes.length, students: n(students.n) };
    }

    const answer: WorkplaceFigures = { unreadAnnouncements: n(annt.n), unreadMessages: n(sys.n), recent, study, teach };
    return ok(answer);
  });

  api.get('/sys/dashboard/tasks', { config: { auth: true }, schema: { tags, summary: '任务页：我的未读公告与消息、近7日失败的定时任务' } }, async (req) => {
    const caller = callerOf(req);
    const perms = await currentUser(req).permissions();
    const since = formatDateTime(new Date(clock.now().getTime() - FAILED_JOB_DAYS * DAY_MS));
    const [unread, failedJobs] = await Promise.all([
      db
        .selectFrom('sysAnnouncementSend as s')
        .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
        .where('s.userId', '=', caller.id)
        .where('s.tenantId', '=', caller.tenantId)
        .where('s.readFlag', '=', 0)
        .where('a.sendStatus', '=', '1')
        .where('a.delFlag', '=', 0)
        .select(['a.id', 'a.titile', 'a.msgCategory', 'a.priority', 'a.sender', 'a.sendTime'])
        .orderBy('a.sendTime', 'desc')
        .orderBy('a.id')
        .limit(TASK_LIMIT)
        .execute(),
      // jobs are platform-wide (not per tenant): shown to whoever may list them
      holdsAny(perms, JOB_LIST_PERMISSION)
        ? db
            .selectFrom('sysQuartzJobLog as l')
            .leftJoin('sysQuartzJob as j', 'j.id', 'l.jobId')
            .where('l.status', '=', 'failure')
            .where('l.startTime', '>=', since)
            .select(['l.id', 'l.jobId', 'l.jobClassName', 'j.description', 'l.startTime', 'l.error'])
            .orderBy('l.startTime', 'desc')
            .orderBy('l.id')
            .limit(TASK_LIMIT)
            .execute()
        : Promise.resolve(null),
    ]);
    const answer: TaskFigures = { unread, failedJobs };
    return ok(answer);
  });

  api.get('/sys/dashboard/charts', { config: { permission: DASHBOARD_FIGURES_PERMISSION, scope: 'tenant' }, schema: { tags, summary: '图表页：近30日登录、各部门用户、每月公告、学习完成情况' } }, async (req) => {
    const caller = callerOf(req);
    const today = dayStart(clock.now());
    const firstMonth = new Date(today.getFullYear(), today.getMonth() - (CHART_MONTHS - 1), 1);
    const monthOf = sql<string>`substr(a.send_time, 1, 7)`;
    const [loginsByDay, departs, announcements, perms] = await Promise.all([
      loginsPerDay(db, caller, today),
      whereTenant(db.selectFrom('sysDepart as d'), caller, 'd.tenantId')
        .innerJoin('sysUserDepart as ud', 'ud.depId', 'd.id')
        .innerJoin('sysUser as u', 'u.id', 'ud.userId')
        .where('d.delFlag', '=', '0')
        .where('u.delFlag', '=', 0)
        .select((eb) => ['d.id', 'd.departName', eb.fn.count<number>('u.id').distinct().as('users')])
        .groupBy(['d.id', 'd.departName'])
        .execute(),
      whereTenant(db.selectFrom('sysAnnouncement as a'), caller, 'a.tenantId')
        .where('a.sendStatus', '=', '1')
        .where('a.delFlag', '=', 0)
        .where('a.sendTime', '>=', formatDateTime(firstMonth))
        .select((eb) => [monthOf.as('month'), 'a.msgCategory', eb.fn.countAll<number>().as('n')])
        .groupBy([monthOf, 'a.msgCategory'])
        .execute(),
      currentUser(req).permissions(),
    ]);
    const count = (month: string, category: string) => n(announcements.find((a) => a.month === month && a.msgCategory === category)?.n);
    const announcementsByMonth = Array.from({ length: CHART_MONTHS }, (_, i) => {
      const month = formatDateTime(new Date(firstMonth.getFullYear(), firstMonth.getMonth() + i, 1)).slice(0, 7);
      return { month, notices: count(month, '1'), messages: count(month, '2') };
    });
    const answer: ChartFigures = {
      loginsByDay,
      usersByDepart: departs
        .map((d) => ({ departName: d.departName, users: n(d.users) }))
        .sort((x, y) => y.users - x.users || x.departName.localeCompare(y.departName)),
      announcementsByMonth,
      study: await studyFor(db, caller, perms),
    };
    return ok(answer);
  });
}
