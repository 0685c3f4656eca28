import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import { CREDIT_KINDS, CREDIT_POINTS_MAX, creditsQuery, type ClassCredits, type CreditEntry, type CreditKind, type MyCredits } from '@anxue/shared/credits';
import { registerResource, type ResourceDef } from '../../../core/crud';
import type { Db } from '../../../core/db';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query/page';
import { auditFields, idField } from '../content/common';
import { inTenant, refuse, studyCaller } from '../study/common';
import { awardCredits, ensureCreditRules } from './credits';

export const CLASS_CREDITS_TEACHER_ONLY = '只有本班教师可以查看班级学分';
const points = z.coerce.number({ error: '学分必须是0到100的整数' }).int('学分必须是0到100的整数').min(0, '学分必须是0到100的整数').max(CREDIT_POINTS_MAX, '学分必须是0到100的整数');

/** 学分规则 in the back-office: one row per kind of work, listed and edited (never added or deleted). */
export const creditRuleResource: ResourceDef = {
  label: '学分规则',
  table: 'stuCreditRule',
  path: '/students/creditRule',
  permission: 'students:creditRule',
  tenant: true,
  defaultSort: [{ field: 'sortNo', order: 'asc' }],
  without: ['add', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  fields: [
    idField,
    { name: 'kind', type: 'string', title: '作业内容', writable: false, max: 16 },
    { name: 'points', type: 'int', title: '按时完成学分', required: true, check: points },
    { name: 'latePoints', type: 'int', title: '逾期完成学分', required: true, check: points },
    { name: 'sortNo', type: 'int', title: '排序', writable: false, excel: false },
    ...auditFields,
  ],
  hooks: {
    // the tenant's rules exist before anything lists or edits them
    async restrict(qb, ctx) {
      await ensureCreditRules(ctx.db as never, ctx.tenantId);
      return qb.where('kind', 'in', [...CREDIT_KINDS]);
    },
  },
};

/** A student's credits and their class's total (学分). */
export async function creditRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  registerResource(app, creditRuleResource, { db, storage: app.ctx.storage });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['学习园地'];

  api.get('/students/study/credits', { config: { permission: STUDY_PERMISSION }, schema: { tags, summary: '我的学分', querystring: creditsQuery } }, async (req) => {
    const caller = studyCaller(req);
    await awardCredits(db, caller.tenantId, { userId: caller.id }, clock.now());
    const mine = inTenant(db.selectFrom('stuCreditLedger'), caller).where('userId', '=', caller.id);
    const [sum, page] = await Promise.all([
      mine.select((eb) => eb.fn.sum<number>('amount').as('total')).executeTakeFirst(),
      fetchPage(mine.select(['id', 'amount', 'reason', 'assignmentTitle', 'itemKind', 'late', 'assignmentId', 'createTime']).orderBy('createTime', 'desc').orderBy('id', 'desc'), req.query.pageNo, req.query.pageSize),
    ]);
    const records = page.records.map(
      (r): CreditEntry => ({ id: r.id, amount: Number(r.amount), reason: r.reason, assignmentTitle: r.assignmentTitle, kind: r.itemKind as CreditKind, late: Number(r.late) === 1, assignmentId: r.assignmentId, createTime: r.createTime }),
    );
    const classes = await inTenant(db.selectFrom('stuClass as c').innerJoin('stuClassMember as m', 'm.classId', 'c.id').select(['c.id', 'c.name']), caller, 'c.tenantId')
      .where('m.userId', '=', caller.id)
      .where('m.memberRole', '=', 'student')
      .orderBy('c.name')
      .execute();
    const answer: MyCredits = { total: Number(sum?.total ?? 0), classes: await Promise.all(classes.map((c) => classCredits(db, caller.tenantId, c, clock.now()))), history: { ...page, records } };
    return ok(answer);
  });

  api.get(
    '/students/assignment/classCredits',
    { config: { permission: TEACH_PERMISSION }, schema: { tags, summary: '班级学分（仅本班教师）', querystring: z.object({ classId: z.string().min(1).max(32) }) } },
    async (req) => {
      const caller = studyCaller(req);
      const cls = await inTenant(db.selectFrom('stuClass').select(['id', 'name']), caller).where('id', '=', req.query.classId).executeTakeFirst();
      const teaches = cls && (await db.selectFrom('stuClassMember').select('id').where('classId', '=', cls.id).where('userId', '=', caller.id).where('memberRole', '=', 'teacher').executeTakeFirst());
      if (!cls || !teaches) throw refuse(CLASS_CREDITS_TEACHER_ONLY);
      return ok(await classCredits(db, caller.tenantId, cls, clock.now()));
    },
  );
}

/** The class's students' credits from the class's own assignments: one figure, never who earned what. */
async function classCredits(db: Db, tenantId: number, cls: { id: string; name: string }, now: Date): Promise<ClassCredits> {
  // credits finished work has earned but no one has looked at yet count too, so every viewer sees one figure
  await awardCredits(db, tenantId, { classId: cls.id }, now);
  const students = db.selectFrom('stuClassMember').select('userId').where('classId', '=', cls.id).where('memberRole', '=', 'student');
  const work = db.selectFrom('stuAssignmentClass').select('assignmentId').where('classId', '=', cls.id);
  const [sum, finished, count] = await Promise.all([
    db.selectFrom('stuCreditLedger').select((eb) => eb.fn.sum<number>('amount').as('n')).where('userId', 'in', students).where('assignmentId', 'in', work).executeTakeFirst(),
    db.selectFrom('stuAssignmentOutcome').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', 'in', students).where('assignmentId', 'in', work).where('awardedAt', 'is not', null).executeTakeFirst(),
    students.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { classId: cls.id, className: cls.name, total: Number(sum?.n ?? 0), students: Number(count?.n ?? 0), finished: Number(finished?.n ?? 0) };
}
