import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDY_PERMISSION,
  TEACH_PERMISSION,
  type AssignmentCompletion,
  type AssignmentProgress,
  type AssignmentStatus,
  type AssignmentStudentProgress,
  type MyAssignment,
} from '@anxue/shared';
import { callerOf, permissionOf, registerResource, ResourceError } from '../../../core/crud';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { xlsxBuffer } from '../../../core/excel';
import { ok } from '../../../core/http';
import { deliverAnnouncement, pushAnnouncement } from '../../notice';
import { inTenant, parseDateTime, refuse, studyCaller, type StudyCaller } from '../study/common';
import { extensions, itemStates, requirements, statusOf, withStatus, type AssignmentRow } from './completion';
import { awardCredits } from './credits';
import { creditRoutes } from './credit-routes';
import { receiptsOf } from './receipts';
import { assignmentDetail, assignmentResource, seesAllClasses } from './resource';
import { storedFacts } from './stored';

export const ASSIGNMENT_TEACHER_ONLY = '只有本班教师可以查看作业完成情况';
const id = z.string().min(1).max(32);
const STATUS_TEXT: Record<AssignmentStatus, string> = { todo: '待完成', done: '已完成', late: '逾期完成', overdue: '已逾期' };

/**
 * 安全作业: the back-office resource, a student's own list, and the class teachers' completion view,
 * reminders, extensions and results sheet. Completion goes to the classes' own teachers only; someone who
 * manages every class's work (students:assignment:allClasses) without teaching the class sees the counts,
 * never the names: who has not finished is for the people who teach them, not a list for the school.
 */
export async function assignmentRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const svc = registerResource(app, assignmentResource, { db, storage: app.ctx.storage });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['学习园地'];
  await creditRoutes(app);

  app.get('/students/assignment/queryById', { config: { permission: permissionOf(assignmentResource, 'list') } }, async (req) => {
    const rid = (req.query as { id?: unknown }).id;
    if (typeof rid !== 'string' || !rid || rid.length > 64) throw new ResourceError('缺少id');
    const row = await svc.getById(db, callerOf(req), rid);
    return ok({ ...row, ...(await assignmentDetail(db, rid)) });
  });

  /** The assignment in the caller's tenant with its classes, and which of them the caller teaches. */
  async function loadAssignment(caller: StudyCaller, assignmentId: string) {
    const a = await inTenant(db.selectFrom('stuAssignment').select(['id', 'title', 'openTime', 'dueTime', 'receipt', 'tenantId']), caller).where('id', '=', assignmentId).executeTakeFirst();
    if (!a) throw refuse('未找到对应作业');
    const classes = await db
      .selectFrom('stuAssignmentClass as ac')
      .innerJoin('stuClass as c', 'c.id', 'ac.classId')
      .select((eb) => [
        'c.id',
        'c.name',
        eb.exists(eb.selectFrom('stuClassMember as m').select('m.id').whereRef('m.classId', '=', 'c.id').where('m.userId', '=', caller.id).where('m.memberRole', '=', 'teacher')).as('teaches'),
      ])
      .where('ac.assignmentId', '=', a.id)
      .orderBy('c.name')
      .execute();
    const taught = classes.filter((c) => Boolean(Number(c.teaches))).map((c) => ({ id: c.id, name: c.name }));
    return { a: a as AssignmentRow, classes: classes.map((c) => ({ id: c.id, name: c.name })), taught };
  }

  /** Every student of the classes with their outcome (a student in two of them counted once). */
  async function classProgress(a: AssignmentRow, classes: Array<{ id: string; name: string }>) {
    const classIds = classes.map((c) => c.id);
    if (!classIds.length) return { items: [], rows: [] };
    const [roster, reqs, due, receipts] = await Promise.all([
      db
        .selectFrom('stuClassMember as m')
        .innerJoin('sysUser as u', 'u.id', 'm.userId')
        // each student's stored outcome read with them
        .leftJoin('stuAssignmentOutcome as o', (j) => j.onRef('o.userId', '=', 'm.userId').on('o.assignmentId', '=', a.id))
        .select(['m.userId', 'm.classId', 'u.realname', 'u.username', 'o.sig', 'o.mark', 'o.done', 'o.finishedAt', 'o.items', 'o.awardedAt'])
        .where('m.classId', 'in', classIds)
        .where('m.memberRole', '=', 'student')
        .orderBy('u.realname')
        .orderBy('u.username')
        .execute(),
      requirements(db, a.id),
      extensions(db, a.id),
      Number(a.receipt) === 1 ? receiptsOf(db, a.id) : Promise.resolve(new Map<string, { signTime: string }>()),
    ]);
    const seen = new Set<string>();
    const students = roster.filter((r) => (seen.has(r.userId) ? false : (seen.add(r.userId), true)));
    const now = clock.now();
    const facts = await storedFacts(db, a, reqs, students.map((s) => s.userId), now, students);
    // work done before the assignment opened earns once it has
    const unpaid = students.filter((s) => facts.get(s.userId)!.done && !facts.get(s.userId)!.awarded).map((s) => s.userId);
    if (unpaid.length && a.openTime <= formatDateTime(now)) await awardCredits(db, a.tenantId, { assignmentId: a.id, userIds: unpaid }, now);
    const className = new Map(classes.map((c) => [c.id, c.name]));
    const dueAt = parseDateTime(a.dueTime)!;
    const rows = students.map((s): AssignmentStudentProgress => {
      const o = facts.get(s.userId)!;
      const extended = due.get(s.userId);
      const status = statusOf(o, extended === undefined ? dueAt : parseDateTime(extended)!, now.getTime());
      return {
        userId: s.userId,
        realname: s.realname || s.username,
        className: className.get(s.classId) ?? '',
        done: o.done,
        status,
        dueTime: extended ?? a.dueTime,
        finishedAt: o.finishedAt === null ? null : formatDateTime(new Date(o.finishedAt)),
        receiptAt: receipts.get(s.userId)?.signTime ?? null,
        itemDone: o.itemDone,
        scores: o.scores,
      };
    });
    return { items: reqs.map((r) => ({ kind: r.kind, id: r.id, title: r.title })), rows };
  }

  const completionOf = (rows: AssignmentStudentProgress[]): AssignmentCompletion => {
    const done = rows.filter((r) => r.done).length;
    return { total: rows.length, done, late: rows.filter((r) => r.status === 'late').length, overdue: rows.filter((r) => r.status === 'overdue').length, rate: rows.length ? Math.round((done / rows.length) * 100) : 0 };
  };

  /** The classes of the assignment the caller teaches; refused when none. */
  async function teacherOf(req: FastifyRequest, assignmentId: string) {
    const loaded = await loadAssignment(studyCaller(req), assignmentId);
    if (!loaded.taught.length) throw refuse(ASSIGNMENT_TEACHER_ONLY);
    return loaded;
  }

  // a student's own work: the assignments of their classes that have opened, newest due first
  api.get('/students/study/assignments', { config: { permission: STUDY_PERMISSION }, schema: { tags, summary: '我的作业' } }, async (req) => ok(await studentAssignments(db, studyCaller(req), clock.now())));

  api.get(
    '/students/assignment/progress',
    { config: { permission: [TEACH_PERMISSION, permissionOf(assignmentResource, 'list')] }, schema: { tags, summary: '作业完成情况（姓名仅本班教师可见）', querystring: z.object({ id }) } },
    async (req) => {
      const caller = studyCaller(req);
      const { a, classes, taught } = await loadAssignment(caller, req.query.id);
      const named = taught.length > 0;
      if (!named && !(await seesAllClasses({ caller }))) throw refuse(ASSIGNMENT_TEACHER_ONLY);
      // a teacher of some of the classes sees those; a manager who teaches none, the counts of all
      const { items, rows } = await classProgress(a, named ? taught : classes);
      const progress: AssignmentProgress = {
        id: a.id,
        title: a.title,
        openTime: a.openTime,
        dueTime: a.dueTime,
        classes: named ? taught : classes,
        items,
        named,
        receipt: Number(a.receipt) === 1,
        students: named ? rows : [],
        completion: completionOf(rows),
      };
      return ok(progress);
    },
  );

  api.post('/students/assignment/remind', { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '提醒未完成的学生', body: z.object({ id }) } }, async (req) => {
    const caller = studyCaller(req);
    const { a, taught } = await teacherOf(req, req.body.id);
    const unfinished = (await classProgress(a, taught)).rows.filter((r) => !r.done);
    const at = formatDateTime(clock.now());
    // one notice per student, naming only the work and their own due time
    const notices = unfinished.map((s) => ({
      id: newId(),
      titile: `作业提醒：${a.title}`.slice(0, 100),
      msgType: 'USER',
      userIds: s.userId,
      departIds: null,
      tenantId: a.tenantId,
      content: `<p>作业“${escapeHtml(a.title)}”还有${s.itemDone.filter((d) => !d).length}项未完成，截止时间${s.dueTime}。</p>`,
    }));
    const delivered = await db.transaction().execute(async (trx) => {
      const reached: Array<{ annt: (typeof notices)[number]; userIds: string[] }> = [];
      for (const { content, ...annt } of notices) {
        await trx
          .insertInto('sysAnnouncement')
          .values({ ...annt, msgContent: content, msgAbstract: content.replace(/<[^>]+>/g, ''), msgCategory: '2', priority: 'M', sendStatus: '0', busType: 'assignment', busId: a.id, ...reminderLink(a.id), createBy: caller.username, createTime: at })
          .execute();
        reached.push({ annt: { content, ...annt }, userIds: await deliverAnnouncement(trx, annt, caller.username, at) });
      }
      return reached;
    });
    for (const d of delivered) await pushAnnouncement(app.ctx.bus, d.annt, d.userIds).catch((err) => req.log.warn({ err }, 'assignment reminder push not published'));
    const reminded = delivered.filter((d) => d.userIds.length).length;
    return ok({ reminded }, `已提醒${reminded}名学生`);
  });

  api.post(
    '/students/assignment/extend',
    { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '延长某个学生的截止时间', body: z.object({ id, userId: id, dueTime: z.string().min(1).max(19) }) } },
    async (req) => {
      const caller = studyCaller(req);
      const { a, taught } = await teacherOf(req, req.body.id);
      const member = await db
        .selectFrom('stuClassMember')
        .select('id')
        .where('userId', '=', req.body.userId)
        .where('memberRole', '=', 'student')
        .where('classId', 'in', taught.map((c) => c.id))
        .executeTakeFirst();
      if (!member) throw refuse('该学生不在您任教的班级中');
      const dueAt = parseDateTime(req.body.dueTime);
      if (dueAt === null) throw refuse('截止时间格式不正确');
      if (dueAt <= parseDateTime(a.openTime)!) throw refuse('截止时间必须晚于开始时间');
      const dueTime = formatDateTime(new Date(dueAt));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('stuAssignmentExtension').where('assignmentId', '=', a.id).where('userId', '=', req.body.userId).execute();
        await trx
          .insertInto('stuAssignmentExtension')
          .values({ id: newId(), assignmentId: a.id, userId: req.body.userId, dueTime, tenantId: a.tenantId, createBy: caller.username, createTime: formatDateTime(clock.now()) })
          .execute();
      });
      return ok({ dueTime }, '已延长截止时间');
    },
  );

  api.get('/students/assignment/exportXls', { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '导出作业完成情况（仅本班教师）', querystring: z.object({ id }) } }, async (req, reply) => {
    const { a, taught } = await teacherOf(req, req.query.id);
    const { items, rows } = await classProgress(a, taught);
    const columns = [
      { field: 'className', title: '班级' },
      { field: 'realname', title: '姓名' },
      { field: 'status', title: '状态' },
      { field: 'dueTime', title: '截止时间', width: 20 },
      { field: 'finishedAt', title: '完成时间', width: 20 },
      ...items.map((i, n) => ({ field: `item${n}`, title: i.title || i.id, width: 16 })),
      ...(Number(a.receipt) === 1 ? [{ field: 'receiptAt', title: '家长签收', width: 20 }] : []),
    ];
    const sheet = rows.map((r) => ({
      className: r.className,
      realname: r.realname,
      status: STATUS_TEXT[r.status],
      dueTime: r.dueTime,
      finishedAt: r.finishedAt ?? '',
      ...Object.fromEntries(items.map((_, n) => [`item${n}`, r.itemDone[n] ? (r.scores[n] ?? '已完成') : '未完成'])),
      receiptAt: r.receiptAt ?? '未签收',
    }));
    const buf = await xlsxBuffer(columns, sheet, '作业完成情况');
    const name = encodeURIComponent(`${a.title}-完成情况.xlsx`);
    return reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${name}`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(buf);
  });
}

/**
 * One student's assignments (their classes' work that has opened, newest due first) with their outcome:
 * what the student sees on their home, and what their linked parents see.
 */
export async function studentAssignments(db: Db, student: { id: string; tenantId: number }, now: Date): Promise<MyAssignment[]> {
  const mine = db.selectFrom('stuClassMember').select('classId').where('userId', '=', student.id).where('memberRole', '=', 'student');
  const list = await db
    .selectFrom('stuAssignment')
    .select(['id', 'title', 'openTime', 'dueTime', 'receipt', 'tenantId'])
    .where('tenantId', '=', student.tenantId)
    .where('openTime', '<=', formatDateTime(now))
    .where('id', 'in', db.selectFrom('stuAssignmentClass').select('assignmentId').where('classId', 'in', mine))
    .orderBy('dueTime', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  // credits of work finished before its assignment opened
  await awardCredits(db, student.tenantId, { userId: student.id }, now);
  const out: MyAssignment[] = [];
  for (const a of list) {
    const [reqs, due] = await Promise.all([requirements(db, a.id), db.selectFrom('stuAssignmentExtension').select('dueTime').where('assignmentId', '=', a.id).where('userId', '=', student.id).executeTakeFirst()]);
    const dueMap = new Map(due ? [[student.id, due.dueTime]] : []);
    const o = withStatus(a, student.id, (await storedFacts(db, a, reqs, [student.id], now)).get(student.id)!, dueMap, now.getTime());
    const items = itemStates(reqs, o);
    out.push({
      id: a.id,
      title: a.title,
      openTime: a.openTime,
      dueTime: due?.dueTime ?? a.dueTime,
      extended: !!due,
      receipt: Number(a.receipt) === 1,
      status: o.status,
      finishedAt: o.finishedAt === null ? null : formatDateTime(new Date(o.finishedAt)),
      left: items.filter((i) => !i.done).length,
      items,
    });
  }
  return out;
}

/** Where a reminder's notice opens: the assignment on the student's home (the bell navigates to a component page). */
const reminderLink = (assignmentId: string) => ({ openType: 'component', openPage: `/students?assignment=${encodeURIComponent(assignmentId)}` });

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
