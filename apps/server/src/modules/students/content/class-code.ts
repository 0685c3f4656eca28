// Joining a class by its code, the teacher's decision on each request, the year-end promotion of classes,
// and the member picker's list of students. A code is the whole key a student types, so a code of
// another tenant's class, an archived class and an unknown code all answer the same, and each wrong code
// counts against the caller (GUESS_LIMIT an hour).
import { pageSizeParam } from '@anxue/shared';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDENT_DICTS, STUDENT_ROLE, STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { callerOf, ResourceError, type Caller } from '../../../core/crud';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { ok } from '../../../core/http';
import { inTenant as userInTenant } from '../../system/user/user-list';
import { gradeReader } from '../roster/import';

/** No 0/O, 1/I/L: read aloud or copied from a projector without doubt. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
export const GUESS_LIMIT = 10;
const HOUR = 3600_000;

export const WRONG_CODE = '班级码不正确';
export const TOO_MANY_GUESSES = '班级码错误次数过多，请一小时后再试';
export const NOT_A_STUDENT = '只有本单位的学生可以加入班级';
const NOT_TEACHER = '只有本班教师可以管理班级码';

export function newClassCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** What a student typed, as stored: upper case, spaces and dashes dropped. */
export const normaliseCode = (raw: string) => raw.toUpperCase().replace(/[\s-]/g, '');

/** Gives the class a fresh code (the old one stops working); retried on the rare clash with another class. */
export async function renewClassCode(db: Db, classId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = newClassCode();
    const taken = await db.selectFrom('stuClass').select('id').where('joinCode', '=', code).executeTakeFirst();
    if (taken) continue;
    try {
      await db.updateTable('stuClass').set({ joinCode: code }).where('id', '=', classId).where('archived', '=', 0).execute();
      return code;
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
}

async function codeOf(db: Db, classId: string): Promise<string | null> {
  const row = await db.selectFrom('stuClass').select(['joinCode', 'archived']).where('id', '=', classId).executeTakeFirst();
  if (!row || row.archived) return null;
  return row.joinCode ?? (await renewClassCode(db, classId));
}

/** Grade after a year: the next of its stage (1–6, 7–9, 10–12) when the dictionary has it; 'graduate' at a stage's end; null when the grade is not one of the dictionary's. */
export function nextGrade(grade: string | null | undefined, known: ReadonlySet<string>): string | 'graduate' | null {
  if (!grade || !known.has(grade) || !/^\d+$/.test(grade)) return null;
  const n = Number(grade);
  if ([6, 9, 12].includes(n) || !known.has(String(n + 1))) return 'graduate';
  return String(n + 1);
}

const isStudentOfTenant = async (db: Db, userId: string, tenantId: number) =>
  !!(await userInTenant(
    db
      .selectFrom('sysUser')
      .select('sysUser.id')
      .where('sysUser.id', '=', userId)
      .where('sysUser.delFlag', '=', 0)
      .where((eb) => eb.exists(eb.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select('ur.id').whereRef('ur.userId', '=', 'sysUser.id').where('r.roleCode', '=', STUDENT_ROLE))),
    { tenantId },
  ).executeTakeFirst());

async function activeClass(db: Db, caller: Caller, classId: string) {
  const cls = await db.selectFrom('stuClass').select(['id', 'name', 'tenantId', 'archived']).where('id', '=', classId).where('tenantId', '=', caller.tenantId).executeTakeFirst();
  if (!cls) throw new ResourceError('班级不存在或不属于当前租户');
  return cls;
}

async function requireTeacher(db: Db, caller: Caller, classId: string) {
  const cls = await activeClass(db, caller, classId);
  const teaches = await db.selectFrom('stuClassMember').select('id').where('classId', '=', classId).where('userId', '=', caller.id).where('memberRole', '=', 'teacher').executeTakeFirst();
  if (!teaches) throw new ResourceError(NOT_TEACHER);
  return cls;
}

async function pendingRequests(db: Db, classId: string) {
  const rows = await db
    .selectFrom('stuClassJoin as j')
    .innerJoin('sysUser as u', 'u.id', 'j.userId')
    .select(['j.id', 'j.userId', 'j.createTime', 'u.realname', 'u.username', 'u.workNo'])
    .where('j.classId', '=', classId)
    .where('j.status', '=', 'pending')
    .orderBy('j.createTime')
    .execute();
  return rows.map((r) => ({ id: r.id, userId: r.userId, realname: r.realname, username: r.username, workNo: r.workNo ?? null, createTime: r.createTime }));
}

async function decide(db: Db, caller: Caller, classId: string, requestId: string, accept: boolean, now: string) {
  const req = await db.selectFrom('stuClassJoin').selectAll().where('id', '=', requestId).where('classId', '=', classId).executeTakeFirst();
  if (!req || req.status !== 'pending') throw new ResourceError('申请不存在或已处理');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('stuClassJoin').set({ status: accept ? 'accepted' : 'refused', decidedBy: caller.username, decidedTime: now }).where('id', '=', requestId).execute();
    if (!accept) return;
    const member = await trx.selectFrom('stuClassMember').select('id').where('classId', '=', classId).where('userId', '=', req.userId).executeTakeFirst();
    if (!member) await trx.insertInto('stuClassMember').values({ id: newId(), classId, userId: req.userId, memberRole: 'student', tenantId: req.tenantId }).execute();
  });
}

const id = z.string().min(1).max(32);
const decideBody = z.object({ classId: id, requestId: id, accept: z.boolean() });

export function registerClassCodeRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'students:class:edit' };
  const read = { permission: 'students:class:list' };
  const now = () => formatDateTime(clock.now());

  // ----- back-office (班级管理) -----
  api.get('/students/class/joinCode', { config: read, schema: { querystring: z.object({ id }) } }, async (req) => {
    await activeClass(db, callerOf(req), req.query.id);
    return ok({ code: await codeOf(db, req.query.id) });
  });
  api.post('/students/class/renewCode', { config: manage, schema: { body: z.object({ id }) } }, async (req) => {
    const cls = await activeClass(db, callerOf(req), req.body.id);
    if (cls.archived) throw new ResourceError('已毕业的班级没有班级码');
    return ok({ code: await renewClassCode(db, cls.id) }, '班级码已更新，旧码不再有效');
  });
  api.get('/students/class/joinRequests', { config: read, schema: { querystring: z.object({ id }) } }, async (req) => {
    await activeClass(db, callerOf(req), req.query.id);
    return ok(await pendingRequests(db, req.query.id));
  });
  api.post('/students/class/decideJoin', { config: manage, schema: { body: decideBody } }, async (req) => {
    await activeClass(db, callerOf(req), req.body.classId);
    await decide(db, callerOf(req), req.body.classId, req.body.requestId, req.body.accept, now());
    return ok(null, req.body.accept ? '已通过' : '已拒绝');
  });

  // 升年级: the chosen classes, or every active class of one grade
  api.post('/students/class/promote', { config: manage, schema: { body: z.object({ ids: z.array(id).max(1000).optional(), grade: z.string().max(32).optional() }) } }, async (req) => {
    const caller = callerOf(req);
    const { ids, grade } = req.body;
    if (!ids?.length && !grade) throw new ResourceError('请选择班级或年级');
    let q = db.selectFrom('stuClass').select(['id', 'grade']).where('tenantId', '=', caller.tenantId).where('archived', '=', 0);
    if (ids?.length) q = q.where('id', 'in', ids);
    if (grade) q = q.where('grade', '=', grade);
    const classes = await q.execute();
    const known = new Set(
      (
        await db.selectFrom('sysDictItem as i').innerJoin('sysDict as d', 'd.id', 'i.dictId').select('i.itemValue').where('d.dictCode', '=', STUDENT_DICTS.grade).where('i.status', '=', 1).execute()
      ).map((r) => String(r.itemValue)),
    );
    const result = { promoted: 0, graduated: 0, skipped: 0 };
    const time = now();
    await db.transaction().execute(async (trx) => {
      for (const c of classes) {
        const next = nextGrade(c.grade, known);
        if (next === null) result.skipped++;
        else if (next === 'graduate') {
          await trx.updateTable('stuClass').set({ archived: 1, archivedTime: time, joinCode: null, updateBy: caller.username, updateTime: time }).where('id', '=', c.id).execute();
          await trx.updateTable('stuClassJoin').set({ status: 'refused', decidedBy: caller.username, decidedTime: time }).where('classId', '=', c.id).where('status', '=', 'pending').execute();
          result.graduated++;
        } else {
          await trx.updateTable('stuClass').set({ grade: next, updateBy: caller.username, updateTime: time }).where('id', '=', c.id).execute();
          result.promoted++;
        }
      }
    });
    return ok(result, `升级${result.promoted}个班，毕业归档${result.graduated}个班，未处理${result.skipped}个班（年级不在年级字典中）`);
  });

  // the member picker: the tenant's students not yet in the class, by name, account or student number
  api.get(
    '/students/class/studentOptions',
    {
      config: { permission: ['students:class:add', 'students:class:edit'] },
      schema: { querystring: z.object({ classId: id.optional(), username: z.string().max(100).optional(), keyword: z.string().max(100).optional(), pageNo: z.coerce.number().int().min(1).default(1), pageSize: pageSizeParam(10) }) },
    },
    async (req) => {
      const caller = callerOf(req);
      const { classId, pageNo, pageSize } = req.query;
      const word = (req.query.keyword ?? req.query.username ?? '').replace(/[*%_\\]/g, '').trim();
      let q = userInTenant(
        db
          .selectFrom('sysUser')
          .where('sysUser.delFlag', '=', 0)
          .where((eb) => eb.exists(eb.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId').select('ur.id').whereRef('ur.userId', '=', 'sysUser.id').where('r.roleCode', '=', STUDENT_ROLE))),
        { tenantId: caller.tenantId },
      );
      if (classId) q = q.where('sysUser.id', 'not in', db.selectFrom('stuClassMember').select('userId').where('classId', '=', classId));
      if (word) q = q.where((eb) => eb.or([eb('sysUser.realname', 'like', `%${word}%`), eb('sysUser.username', 'like', `%${word}%`), eb('sysUser.workNo', 'like', `%${word}%`)]));
      const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const records = await q
        .select(['sysUser.id', 'sysUser.username', 'sysUser.realname', 'sysUser.workNo', 'sysUser.sex', 'sysUser.phone'])
        .orderBy('sysUser.realname')
        .orderBy('sysUser.id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return ok({ records, total, current: pageNo, size: pageSize, pages: Math.ceil(total / pageSize) });
    },
  );

  // ----- student area -----
  api.post('/students/study/joinClass', { config: { permission: STUDY_PERMISSION }, schema: { body: z.object({ code: z.string().max(32) }) } }, async (req) => {
    const caller = callerOf(req);
    const since = clock.now().getTime() - HOUR;
    const misses = Number((await db.selectFrom('stuClassCodeMiss').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', caller.id).where('at', '>', since).executeTakeFirstOrThrow()).n);
    if (misses >= GUESS_LIMIT) throw new ResourceError(TOO_MANY_GUESSES);
    if (!(await isStudentOfTenant(db, caller.id, caller.tenantId))) throw new ResourceError(NOT_A_STUDENT);
    const code = normaliseCode(req.body.code);
    const cls =
      code.length === CODE_LENGTH
        ? await db.selectFrom('stuClass').select(['id', 'name', 'tenantId']).where('joinCode', '=', code).where('archived', '=', 0).where('tenantId', '=', caller.tenantId).executeTakeFirst()
        : undefined;
    if (!cls) {
      await db.insertInto('stuClassCodeMiss').values({ id: newId(), userId: caller.id, at: clock.now().getTime() }).execute();
      throw new ResourceError(WRONG_CODE);
    }
    const member = await db.selectFrom('stuClassMember').select('id').where('classId', '=', cls.id).where('userId', '=', caller.id).executeTakeFirst();
    if (member) throw new ResourceError(`你已经是“${cls.name}”的成员`);
    const existing = await db.selectFrom('stuClassJoin').select(['id', 'status']).where('classId', '=', cls.id).where('userId', '=', caller.id).executeTakeFirst();
    if (existing) await db.updateTable('stuClassJoin').set({ status: 'pending', createTime: now(), decidedBy: null, decidedTime: null }).where('id', '=', existing.id).execute();
    else await db.insertInto('stuClassJoin').values({ id: newId(), tenantId: cls.tenantId, classId: cls.id, userId: caller.id, status: 'pending', createTime: now(), decidedBy: null, decidedTime: null }).execute();
    return ok({ classId: cls.id, className: cls.name, status: 'pending' }, '已提交申请，等待老师通过');
  });
  api.get('/students/study/myClasses', { config: { permission: STUDY_PERMISSION } }, async (req) => {
    const caller = callerOf(req);
    const joins = await db
      .selectFrom('stuClassJoin as j')
      .innerJoin('stuClass as c', 'c.id', 'j.classId')
      .select(['c.id as classId', 'c.name as className', 'j.status', 'j.createTime'])
      .where('j.userId', '=', caller.id)
      .where('c.tenantId', '=', caller.tenantId)
      .where('c.archived', '=', 0)
      .orderBy('j.createTime', 'desc')
      .execute();
    const member = await db
      .selectFrom('stuClassMember as m')
      .innerJoin('stuClass as c', 'c.id', 'm.classId')
      // the grade lets the student's pages choose defaults for young children (reading aloud)
      .select(['c.id as classId', 'c.name as className', 'c.grade'])
      .where('m.userId', '=', caller.id)
      .where('m.memberRole', '=', 'student')
      .where('c.tenantId', '=', caller.tenantId)
      .where('c.archived', '=', 0)
      .execute();
    const memberIds = new Set(member.map((m) => m.classId));
    // a grade typed as text (三年级) answers as the dictionary's value, as the roster import stores it
    const readGrade = member.some((m) => m.grade) ? await gradeReader(db) : undefined;
    return ok({
      classes: member.map((m) => ({ ...m, grade: m.grade ? (readGrade?.(String(m.grade)) ?? m.grade) : null })),
      requests: joins.filter((j) => j.status !== 'accepted' && !memberIds.has(j.classId)).map((j) => ({ classId: j.classId, className: j.className, status: j.status })),
    });
  });

  // ----- a class's teacher in the student area -----
  const teach = { permission: TEACH_PERMISSION };
  api.get('/students/teach/classCode', { config: teach, schema: { querystring: z.object({ classId: id }) } }, async (req) => {
    await requireTeacher(db, callerOf(req), req.query.classId);
    return ok({ code: await codeOf(db, req.query.classId), requests: await pendingRequests(db, req.query.classId) });
  });
  api.post('/students/teach/renewCode', { config: teach, schema: { body: z.object({ classId: id }) } }, async (req) => {
    const cls = await requireTeacher(db, callerOf(req), req.body.classId);
    if (cls.archived) throw new ResourceError('已毕业的班级没有班级码');
    return ok({ code: await renewClassCode(db, cls.id) }, '班级码已更新，旧码不再有效');
  });
  api.post('/students/teach/decideJoin', { config: teach, schema: { body: decideBody } }, async (req) => {
    await requireTeacher(db, callerOf(req), req.body.classId);
    await decide(db, callerOf(req), req.body.classId, req.body.requestId, req.body.accept, now());
    return ok(null, req.body.accept ? '已通过' : '已拒绝');
  });
}
