// A parent's calls (/students/family/*): their children, a child's assignments and results, the
// home-school receipt, linking by a teacher's code; and the teacher's calls that make such a code, list a
// student's parents and take one off. A
// parent holds no study right: tests and hazard pictures are done in the child's own account only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TEACH_PERMISSION } from '@anxue/shared';
import { FAMILY_PERMISSION, MAX_PARENTS, PARENT_CODE_DAYS, PARENT_CODE_LENGTH, type ChildAssignment, type ChildParent, type FamilyChild, type LinkedChild, type ParentLinkCode } from '@anxue/shared/family';
import { callerOf, ResourceError } from '../../../core/crud';
import { formatDateTime, isUniqueViolation, newId, type Db } from '../../../core/db';
import { ok } from '../../../core/http';
import { studentAssignments } from '../assignment/routes';
import { receiptsOf } from '../assignment/receipts';
import { parseDateTime } from '../study/common';
import { FULL, GUESS_LIMIT, hashParentCode, linkChild, linkedChild, newParentCode, normaliseParentCode, NOT_A_PARENT, NO_PARENT_ROLE, parentRoleOf, TOO_MANY_GUESSES, unlinkChild, WRONG_CODE } from './links';

const id = z.string().min(1).max(32);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const NOT_TEACHER_OF_STUDENT = '该学生不在您任教的班级中';
export const NO_RECEIPT = '该作业不需要家长签收';
export const NO_SUCH_ASSIGNMENT = '未找到对应作业';
export const NOT_LINKED = '该家长没有关联这个学生';

/** A phone with its middle four hidden: a teacher recognises a parent without reading the whole number. */
const maskPhone = (phone: string | null) => (phone && phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone || null);

/** A child's assignments with the family's receipts. */
async function childAssignments(db: Db, child: { id: string; tenantId: number }, now: Date): Promise<ChildAssignment[]> {
  const list = await studentAssignments(db, child, now);
  const asked = list.filter((a) => a.receipt).map((a) => a.id);
  const signed = asked.length
    ? await db
        .selectFrom('stuAssignmentReceipt as r')
        .leftJoin('sysUser as p', 'p.id', 'r.parentId')
        .select(['r.assignmentId', 'r.signTime', 'p.realname', 'p.username'])
        .where('r.studentId', '=', child.id)
        .where('r.assignmentId', 'in', asked)
        .execute()
    : [];
  const by = new Map(signed.map((s) => [s.assignmentId, s]));
  return list.map((a) => {
    const s = by.get(a.id);
    return { ...a, receiptAt: s?.signTime ?? null, receiptBy: s ? (s.realname || s.username || null) : null };
  });
}

/** A student of one of the caller's classes (as their teacher), or a refusal. */
async function taughtStudent(db: Db, teacher: { id: string; tenantId: number }, studentId: string) {
  const student = await db
    .selectFrom('stuClassMember as m')
    .innerJoin('stuClass as c', 'c.id', 'm.classId')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.realname', 'u.username', 'c.tenantId'])
    .where('m.userId', '=', studentId)
    .where('m.memberRole', '=', 'student')
    .where('u.delFlag', '=', 0)
    .where('c.tenantId', '=', teacher.tenantId)
    .where('c.archived', '=', 0)
    .where('m.classId', 'in', db.selectFrom('stuClassMember').select('classId').where('userId', '=', teacher.id).where('memberRole', '=', 'teacher'))
    .executeTakeFirst();
  if (!student) throw new ResourceError(NOT_TEACHER_OF_STUDENT);
  return student;
}

export async function familyRoutes(app: FastifyInstance) {
  const { db, clock, dialect } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['学习园地'];
  const parent = { permission: FAMILY_PERMISSION };

  api.get('/students/family/children', { config: parent, schema: { tags, summary: '我的孩子' } }, async (req) => {
    const caller = callerOf(req);
    const kids = await db
      .selectFrom('stuParentLink as l')
      .innerJoin('sysUser as u', 'u.id', 'l.studentId')
      .select(['u.id', 'u.realname', 'u.username'])
      .where('l.parentId', '=', caller.id)
      .where('l.tenantId', '=', caller.tenantId)
      .where('u.delFlag', '=', 0)
      .orderBy('l.createTime')
      .orderBy('u.id')
      .execute();
    const classes = kids.length
      ? await db
          .selectFrom('stuClassMember as m')
          .innerJoin('stuClass as c', 'c.id', 'm.classId')
          .select(['m.userId', 'c.name'])
          .where('m.userId', 'in', kids.map((k) => k.id))
          .where('m.memberRole', '=', 'student')
          .where('c.tenantId', '=', caller.tenantId)
          .where('c.archived', '=', 0)
          .orderBy('c.name')
          .execute()
      : [];
    const now = clock.now();
    const out: FamilyChild[] = [];
    for (const k of kids) {
      const list = await childAssignments(db, { id: k.id, tenantId: caller.tenantId }, now);
      out.push({
        id: k.id,
        realname: k.realname || k.username,
        classes: classes.filter((c) => c.userId === k.id).map((c) => c.name),
        todo: list.filter((a) => a.status === 'todo').length,
        overdue: list.filter((a) => a.status === 'overdue').length,
        receiptsToSign: list.filter((a) => a.receipt && !a.receiptAt).length,
      });
    }
    return ok(out);
  });

  api.get('/students/family/assignments', { config: parent, schema: { tags, summary: '孩子的作业和成绩', querystring: z.object({ childId: id }) } }, async (req) => {
    const child = await linkedChild(db, callerOf(req), req.query.childId);
    return ok(await childAssignments(db, child, clock.now()));
  });

  api.post('/students/family/receipt', { config: parent, schema: { tags, summary: '签署家校回执', body: z.object({ assignmentId: id, childId: id }) } }, async (req) => {
    const caller = callerOf(req);
    const child = await linkedChild(db, caller, req.body.childId);
    const now = clock.now();
    // only work given to one of the child's classes that has opened
    const a = await db
      .selectFrom('stuAssignment')
      .select(['id', 'receipt', 'tenantId'])
      .where('id', '=', req.body.assignmentId)
      .where('tenantId', '=', child.tenantId)
      .where('openTime', '<=', formatDateTime(now))
      .where('id', 'in', db.selectFrom('stuAssignmentClass as ac').innerJoin('stuClassMember as m', 'm.classId', 'ac.classId').select('ac.assignmentId').where('m.userId', '=', child.id).where('m.memberRole', '=', 'student'))
      .executeTakeFirst();
    if (!a) throw new ResourceError(NO_SUCH_ASSIGNMENT);
    if (Number(a.receipt) !== 1) throw new ResourceError(NO_RECEIPT);
    const signed = (await receiptsOf(db, a.id, [child.id])).get(child.id);
    if (signed) return ok({ signTime: signed.signTime }, '回执已签收');
    const signTime = formatDateTime(now);
    try {
      await db.insertInto('stuAssignmentReceipt').values({ id: newId(), tenantId: a.tenantId, assignmentId: a.id, studentId: child.id, parentId: caller.id, signTime }).execute();
    } catch (err) {
      // the other parent signed at the same moment: theirs stands
      if (!isUniqueViolation(err)) throw err;
      return ok({ signTime: (await receiptsOf(db, a.id, [child.id])).get(child.id)!.signTime }, '回执已签收');
    }
    return ok({ signTime }, '回执已签收');
  });

  // open to any signed-in account: a 家长 links another child; an account without any role (just
  // registered) becomes the tenant's 家长 by a code, which only a class's teacher can give out
  api.post('/students/family/link', { config: { auth: true }, schema: { tags, summary: '用老师给的关联码关联孩子', body: z.object({ code: z.string().max(32) }) } }, async (req) => {
    const caller = callerOf(req);
    const codes = await req.user!.permissions();
    const isParent = codes.has(FAMILY_PERMISSION);
    if (!isParent && codes.size > 0) throw new ResourceError(NOT_A_PARENT);
    const now = clock.now();
    const misses = Number((await db.selectFrom('stuClassCodeMiss').select((eb) => eb.fn.countAll().as('n')).where('userId', '=', caller.id).where('at', '>', now.getTime() - HOUR).executeTakeFirstOrThrow()).n);
    if (misses >= GUESS_LIMIT) throw new ResourceError(TOO_MANY_GUESSES);
    const typed = normaliseParentCode(req.body.code);
    const row =
      typed.length === PARENT_CODE_LENGTH
        ? await db
            .selectFrom('stuParentCode as pc')
            .innerJoin('sysUser as u', 'u.id', 'pc.studentId')
            .select(['pc.id', 'pc.studentId', 'pc.tenantId', 'pc.expireTime', 'pc.usedBy', 'u.realname', 'u.username'])
            .where('pc.codeHash', '=', hashParentCode(typed))
            .where('pc.tenantId', '=', caller.tenantId)
            .where('u.delFlag', '=', 0)
            .executeTakeFirst()
        : undefined;
    // unknown, used, expired and another tenant's codes all answer alike, and each counts as a guess
    if (!row || row.usedBy || (parseDateTime(row.expireTime) ?? 0) <= now.getTime()) {
      await db.insertInto('stuClassCodeMiss').values({ id: newId(), userId: caller.id, at: now.getTime() }).execute();
      throw new ResourceError(WRONG_CODE);
    }
    const role = isParent ? undefined : await parentRoleOf(db, caller.tenantId);
    if (!isParent && !role) throw new ResourceError(NO_PARENT_ROLE);
    const at = formatDateTime(now);
    const outcome = await db.transaction().execute(async (trx) => {
      const done = await linkChild(trx, dialect, { parentId: caller.id, studentId: row.studentId, tenantId: row.tenantId, via: 'code', at });
      if (done !== 'linked') return done;
      // spent once: of two parents typing it at once, one links
      const spent = await trx.updateTable('stuParentCode').set({ usedBy: caller.id, usedTime: at }).where('id', '=', row.id).where('usedBy', 'is', null).executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) throw new ResourceError(WRONG_CODE);
      if (role) await trx.insertInto('sysUserRole').values({ id: newId(), userId: caller.id, roleId: role.id, tenantId: caller.tenantId }).execute();
      return done;
    });
    if (outcome === 'full') throw new ResourceError(FULL);
    const child: LinkedChild = { id: row.studentId, realname: row.realname || row.username };
    return ok(child, `已关联孩子${child.realname}`);
  });

  // a class's teacher: a one-time code for one of their students' families
  api.post('/students/family/linkCode', { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '生成家长关联码', body: z.object({ studentId: id }) } }, async (req) => {
    const caller = callerOf(req);
    const student = await taughtStudent(db, caller, req.body.studentId);
    const parents = Number((await db.selectFrom('stuParentLink').select((eb) => eb.fn.countAll().as('n')).where('studentId', '=', student.id).executeTakeFirstOrThrow()).n);
    if (parents >= MAX_PARENTS) throw new ResourceError(FULL);
    const now = clock.now();
    const expireTime = formatDateTime(new Date(now.getTime() + PARENT_CODE_DAYS * DAY));
    for (let attempt = 0; ; attempt++) {
      const code = newParentCode();
      try {
        await db
          .insertInto('stuParentCode')
          .values({ id: newId(), tenantId: Number(student.tenantId), studentId: student.id, codeHash: hashParentCode(code), expireTime, createBy: caller.username, createTime: formatDateTime(now), usedBy: null, usedTime: null })
          .execute();
        const answer: ParentLinkCode = { code, expireTime, realname: student.realname || student.username };
        return ok(answer, `关联码${PARENT_CODE_DAYS}天内有效，只能使用一次`);
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  });

  // a class's teacher: who is linked to one of their students, and taking one off (a wrong or former parent)
  api.get('/students/family/parents', { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '学生已关联的家长', querystring: z.object({ studentId: id }) } }, async (req) => {
    const student = await taughtStudent(db, callerOf(req), req.query.studentId);
    const rows = await db
      .selectFrom('stuParentLink as l')
      .innerJoin('sysUser as p', 'p.id', 'l.parentId')
      .select(['p.id', 'p.realname', 'p.username', 'p.phone', 'l.via', 'l.createTime'])
      .where('l.studentId', '=', student.id)
      .where('l.tenantId', '=', Number(student.tenantId))
      .orderBy('l.createTime')
      .orderBy('p.id')
      .execute();
    const parents: ChildParent[] = rows.map((r) => ({ id: r.id, realname: r.realname || r.username, phone: maskPhone(r.phone), via: r.via === 'phone' ? 'phone' : 'code', since: r.createTime }));
    return ok(parents);
  });

  // the child's teacher takes a parent off; a parent may take themself off their own child
  api.post('/students/family/unlink', { config: { permission: [TEACH_PERMISSION, FAMILY_PERMISSION] }, schema: { tags, summary: '解除家长关联', body: z.object({ studentId: id, parentId: id }) } }, async (req) => {
    const caller = callerOf(req);
    const codes = await req.user!.permissions();
    const self = caller.id === req.body.parentId && codes.has(FAMILY_PERMISSION);
    if (!self && !codes.has(TEACH_PERMISSION)) throw new ResourceError(NOT_TEACHER_OF_STUDENT);
    const student = self ? await linkedChild(db, caller, req.body.studentId) : await taughtStudent(db, caller, req.body.studentId);
    const done = await unlinkChild(db, { parentId: req.body.parentId, studentId: student.id, tenantId: Number(student.tenantId), by: caller.username, at: formatDateTime(clock.now()) });
    if (!done) throw new ResourceError(NOT_LINKED);
    return ok(null, '已解除关联');
  });
}
