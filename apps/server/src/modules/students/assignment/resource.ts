// 安全作业 in the back-office: work given to classes, with open and due times. A teacher sees and gives
// work only to the classes they teach; holders of students:assignment:allClasses (editors, administrators)
// every class of the tenant.
import { ASSIGNMENT_ALL_CLASSES_PERMISSION, ASSIGNMENT_ITEM_KINDS } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef } from '../../../core/crud';
import { newId, type Db } from '../../../core/db';
import { parseDateTime } from '../study/common';
import { refreshAssignment } from './stored';
import { auditFields, idField, idList, parseList, refuseRepeats, requireOwnRows } from '../content/common';

export const ONLY_OWN_CLASSES = '只能给自己任教的班级布置作业';

/** Whether the caller may manage the work of every class, not only the classes they teach. */
export async function seesAllClasses(ctx: Pick<RequestContext, 'caller'>): Promise<boolean> {
  const codes = await ctx.caller.permissions?.();
  return !!codes?.has(ASSIGNMENT_ALL_CLASSES_PERMISSION);
}

/** The classes a user teaches. */
export const taughtClassIds = (db: Kysely<any>, userId: string) =>
  db.selectFrom('stuClassMember').select('classId').where('userId', '=', userId).where('memberRole', '=', 'teacher');

const itemSchema = z.object({
  kind: z.enum(ASSIGNMENT_ITEM_KINDS, { error: '内容类型只能是课时、课程、试卷、隐患排查题、专题活动或危险预判视频' }),
  id: z.string({ error: '内容不能为空' }).min(1, '内容不能为空').max(32, '内容格式不正确'),
});

/** Which table each kind lives in, and how its being published is read. */
async function requirePublishedItems(db: Kysely<any>, ctx: RequestContext, items: Array<{ kind: string; id: string }>) {
  const ids = (kind: string) => items.filter((i) => i.kind === kind).map((i) => i.id);
  const check = async (kind: string, what: string, find: (ids: string[]) => Promise<Array<{ id: string; published: number }>>) => {
    const wanted = ids(kind);
    if (!wanted.length) return;
    const rows = await find(wanted);
    for (const id of wanted) {
      const row = rows.find((r) => r.id === id);
      if (!row) throw new ResourceError(`${what}不存在或不属于当前租户：${id}`);
      if (Number(row.published) !== 1) throw new ResourceError(`${what}尚未发布：${id}`);
    }
  };
  const t = ctx.tenantId;
  await check('lesson', '课时', (w) => db.selectFrom('stuLesson as l').innerJoin('stuCourse as c', 'c.id', 'l.courseId').select(['l.id', 'c.published']).where('l.id', 'in', w).where('l.tenantId', '=', t).execute());
  await check('course', '课程', (w) => db.selectFrom('stuCourse').select(['id', 'published']).where('id', 'in', w).where('tenantId', '=', t).execute());
  await check('paper', '试卷', (w) => db.selectFrom('stuPaper').select(['id', 'published']).where('id', 'in', w).where('tenantId', '=', t).execute());
  await check('hazard', '隐患排查题', (w) => db.selectFrom('stuHazardScene').select(['id', 'published']).where('id', 'in', w).where('tenantId', '=', t).execute());
  await check('activity', '专题活动', (w) => db.selectFrom('stuActivity').select(['id', 'published']).where('id', 'in', w).where('tenantId', '=', t).execute());
  await check('clip', '危险预判视频', (w) => db.selectFrom('stuHazardClip').select(['id', 'published']).where('id', 'in', w).where('tenantId', '=', t).execute());
  // an item that takes nothing would be done by everyone at once
  const courses = ids('course');
  if (courses.length) {
    const having = await db.selectFrom('stuLesson').select('courseId').distinct().where('courseId', 'in', courses).execute();
    const empty = courses.find((c) => !having.some((h) => h.courseId === c));
    if (empty) throw new ResourceError(`课程没有课时：${empty}`);
  }
}

export const assignmentResource: ResourceDef = {
  label: '作业',
  table: 'stuAssignment',
  path: '/students/assignment',
  permission: 'students:assignment',
  tenant: true,
  defaultSort: [{ field: 'openTime', order: 'desc' }],
  // queryById carries the classes and items; the results sheet is the teachers' own (routes.ts)
  without: ['queryById', 'deleteBatch', 'exportXls', 'importExcel'],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '作业名称', required: true, max: 200 },
    { name: 'openTime', type: 'datetime', title: '开始时间', required: true },
    { name: 'dueTime', type: 'datetime', title: '截止时间', required: true },
    { name: 'receipt', type: 'boolean', title: '家长签收', dictCode: 'yn' },
    ...auditFields,
  ],
  extraInput: { classIds: idList('班级'), items: z.array(z.unknown(), { error: '作业内容格式不正确' }).max(100, '作业内容最多100项').optional() },
  hooks: {
    async restrict(qb, ctx) {
      if (await seesAllClasses(ctx)) return qb;
      return qb.where('id', 'in', ctx.db.selectFrom('stuAssignmentClass').select('assignmentId').where('classId', 'in', taughtClassIds(ctx.db, ctx.userId)));
    },
    beforeSave(row, _ctx, mode) {
      if (mode !== 'edit' && (row.receipt === null || row.receipt === undefined)) row.receipt = 0;
    },
    async afterSave(row, input, ctx, mode) {
      const id = String(row.id);
      const saved = await ctx.db.selectFrom('stuAssignment').select(['openTime', 'dueTime']).where('id', '=', id).executeTakeFirstOrThrow();
      if (saved.openTime >= saved.dueTime) throw new ResourceError('截止时间必须晚于开始时间');
      const classIds = input.classIds as string[] | undefined;
      const items = input.items === undefined ? undefined : parseList(itemSchema, input.items, '作业内容', 100);
      if (mode === 'add' && !classIds?.length) throw new ResourceError('请至少选择一个班级');
      if (mode === 'add' && !items?.length) throw new ResourceError('请至少选择一项作业内容');
      if (classIds) {
        if (!classIds.length) throw new ResourceError('请至少选择一个班级');
        refuseRepeats(classIds, () => '作业中的班级不能重复');
        await requireOwnRows(ctx.db, ctx, 'stuClass', classIds, '班级');
        await ctx.db.deleteFrom('stuAssignmentClass').where('assignmentId', '=', id).execute();
        await ctx.db.insertInto('stuAssignmentClass').values(classIds.map((classId) => ({ id: newId(), assignmentId: id, classId, tenantId: ctx.tenantId }))).execute();
      }
      if (items) {
        if (!items.length) throw new ResourceError('请至少选择一项作业内容');
        refuseRepeats(items.map((i) => `${i.kind}:${i.id}`), () => '作业内容不能重复');
        await requirePublishedItems(ctx.db, ctx, items);
        await ctx.db.deleteFrom('stuAssignmentItem').where('assignmentId', '=', id).execute();
        await ctx.db.insertInto('stuAssignmentItem').values(items.map((i, n) => ({ id: newId(), assignmentId: id, kind: i.kind, itemId: i.id, sortNo: n + 1, tenantId: ctx.tenantId }))).execute();
      }
      // every class of the work, as it now stands, must be the caller's own
      if (!(await seesAllClasses(ctx))) {
        const foreign = await ctx.db
          .selectFrom('stuAssignmentClass')
          .select('classId')
          .where('assignmentId', '=', id)
          .where('classId', 'not in', taughtClassIds(ctx.db, ctx.userId))
          .executeTakeFirst();
        if (foreign) throw new ResourceError(ONLY_OWN_CLASSES);
      }
      // what each student has done of it, stored anew when what it takes or who is given it changed
      if (mode === 'add' || classIds || items || input.openTime !== undefined) await refreshAssignment(ctx.db as Db, id, new Date(parseDateTime(ctx.now) ?? Date.now()));
    },
    async beforeDelete(ids, ctx) {
      if (await seesAllClasses(ctx)) return;
      const foreign = await ctx.db.selectFrom('stuAssignmentClass').select('classId').where('assignmentId', 'in', ids).where('classId', 'not in', taughtClassIds(ctx.db, ctx.userId)).executeTakeFirst();
      if (foreign) throw new ResourceError('只能删除自己任教班级的作业');
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const [classes, items] = await Promise.all([
        ctx.db.selectFrom('stuAssignmentClass as ac').innerJoin('stuClass as c', 'c.id', 'ac.classId').select(['ac.assignmentId', 'c.name']).where('ac.assignmentId', 'in', ids).orderBy('c.name').execute(),
        ctx.db.selectFrom('stuAssignmentItem').select(['assignmentId', (eb) => eb.fn.countAll<number>().as('n')]).where('assignmentId', 'in', ids).groupBy('assignmentId').execute(),
      ]);
      for (const r of records) {
        r.classNames = classes.filter((c) => c.assignmentId === r.id).map((c) => c.name).join('、');
        r.itemCount = Number(items.find((i) => i.assignmentId === r.id)?.n ?? 0);
      }
    },
  },
};

/** What queryById adds: the classes and the items in order. */
export async function assignmentDetail(db: Kysely<any>, id: string) {
  const classes = await db.selectFrom('stuAssignmentClass as ac').innerJoin('stuClass as c', 'c.id', 'ac.classId').select(['c.id', 'c.name']).where('ac.assignmentId', '=', id).orderBy('c.name').execute();
  const items = await db.selectFrom('stuAssignmentItem').select(['kind', 'itemId']).where('assignmentId', '=', id).orderBy('sortNo').execute();
  return { classIds: classes.map((c) => c.id), classes, items: items.map((i) => ({ kind: i.kind, id: i.itemId })) };
}
