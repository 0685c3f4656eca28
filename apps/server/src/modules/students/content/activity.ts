// 专题活动: a dated bundle of lessons plus an optional short quiz, assigned to classes.
import type { Kysely } from 'kysely';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { newId } from '../../../core/db';
import { activityClassLink, activityLessonLink } from './activity-excel-links';
import { auditFields, fillDefaults, idField, idList, publishedField, refuseRepeats, requireOwnRows } from './common';

export const activityResource: ResourceDef = {
  label: '专题活动',
  table: 'stuActivity',
  path: '/students/activity',
  permission: 'students:activity',
  tenant: true,
  defaultSort: [{ field: 'startTime', order: 'desc' }],
  without: ['queryById'],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '活动名称', required: true, max: 200 },
    { name: 'description', type: 'string', title: '说明', max: 20_000, richText: true, query: false, sort: false },
    { name: 'cover', type: 'string', title: '封面', max: 500 },
    { name: 'startTime', type: 'datetime', title: '开始时间', required: true },
    { name: 'endTime', type: 'datetime', title: '结束时间', required: true },
    { name: 'paperId', type: 'string', title: '测验试卷', max: 32 },
    // a competition ranks its participants one by one too (teams are ranked in every activity)
    { name: 'competition', type: 'boolean', title: '是否竞赛', dictCode: 'yn' },
    publishedField,
    ...auditFields,
  ],
  // classes and lessons travel in spreadsheets by name (issue 19)
  excelLinks: [activityLessonLink, activityClassLink],
  extraInput: { lessonIds: idList('课时'), classIds: idList('班级'), sceneIds: idList('隐患排查题目') },
  hooks: {
    beforeSave(row, _ctx, mode) {
      fillDefaults(activityResource.fields, { published: 0, competition: 0 })(row, mode);
    },
    async afterSave(row, input, ctx) {
      const id = String(row.id);
      const activity = await ctx.db.selectFrom('stuActivity').select(['startTime', 'endTime', 'paperId']).where('id', '=', id).executeTakeFirstOrThrow();
      if (activity.startTime && activity.endTime && activity.startTime >= activity.endTime) throw new ResourceError('开始时间必须早于结束时间');
      if (activity.paperId) await requireOwnRows(ctx.db, ctx, 'stuPaper', [activity.paperId], '测验试卷');
      const lessonIds = input.lessonIds as string[] | undefined;
      const classIds = input.classIds as string[] | undefined;
      const sceneIds = input.sceneIds as string[] | undefined;
      if (sceneIds) {
        refuseRepeats(sceneIds, () => '活动中的隐患排查题不能重复');
        await requireOwnRows(ctx.db, ctx, 'stuHazardScene', sceneIds, '隐患排查题目');
        await ctx.db.deleteFrom('stuActivityHazard').where('activityId', '=', id).execute();
        if (sceneIds.length)
          await ctx.db
            .insertInto('stuActivityHazard')
            .values(sceneIds.map((sceneId, i) => ({ id: newId(), activityId: id, sceneId, sortNo: i + 1, tenantId: ctx.tenantId })))
            .execute();
      }
      if (lessonIds) {
        refuseRepeats(lessonIds, () => '活动中的课时不能重复');
        await requireOwnRows(ctx.db, ctx, 'stuLesson', lessonIds, '课时');
        await ctx.db.deleteFrom('stuActivityLesson').where('activityId', '=', id).execute();
        if (lessonIds.length)
          await ctx.db
            .insertInto('stuActivityLesson')
            .values(lessonIds.map((lessonId, i) => ({ id: newId(), activityId: id, lessonId, sortNo: i + 1, tenantId: ctx.tenantId })))
            .execute();
      }
      if (classIds) {
        refuseRepeats(classIds, () => '活动中的班级不能重复');
        await requireOwnRows(ctx.db, ctx, 'stuClass', classIds, '班级');
        await ctx.db.deleteFrom('stuActivityClass').where('activityId', '=', id).execute();
        if (classIds.length) await ctx.db.insertInto('stuActivityClass').values(classIds.map((classId) => ({ id: newId(), activityId: id, classId, tenantId: ctx.tenantId }))).execute();
      }
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const lessons = await ctx.db.selectFrom('stuActivityLesson').select(['activityId', (eb) => eb.fn.countAll<number>().as('n')]).where('activityId', 'in', ids).groupBy('activityId').execute();
      const classes = await ctx.db.selectFrom('stuActivityClass').select(['activityId', (eb) => eb.fn.countAll<number>().as('n')]).where('activityId', 'in', ids).groupBy('activityId').execute();
      const l = new Map(lessons.map((x) => [x.activityId, Number(x.n)]));
      const c = new Map(classes.map((x) => [x.activityId, Number(x.n)]));
      const paperIds = [...new Set(records.map((r) => r.paperId).filter(Boolean) as string[])];
      const papers = paperIds.length ? await ctx.db.selectFrom('stuPaper').select(['id', 'title']).where('id', 'in', paperIds).execute() : [];
      const p = new Map(papers.map((x) => [x.id, x.title]));
      for (const r of records) {
        r.lessonCount = l.get(String(r.id)) ?? 0;
        r.classCount = c.get(String(r.id)) ?? 0;
        r.paperTitle = r.paperId ? (p.get(String(r.paperId)) ?? null) : null;
      }
    },
  },
};

/** What queryById adds: the lessons in order and the classes. */
export async function activityDetail(db: Kysely<any>, id: string) {
  const lessons = await db
    .selectFrom('stuActivityLesson as al')
    .innerJoin('stuLesson as l', 'l.id', 'al.lessonId')
    .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
    .select(['l.id', 'l.title', 'l.kind', 'c.title as courseTitle'])
    .where('al.activityId', '=', id)
    .orderBy('al.sortNo')
    .execute();
  const classes = await db.selectFrom('stuActivityClass as ac').innerJoin('stuClass as c', 'c.id', 'ac.classId').select(['c.id', 'c.name']).where('ac.activityId', '=', id).orderBy('c.name').execute();
  const scenes = await db.selectFrom('stuActivityHazard as ah').innerJoin('stuHazardScene as s', 's.id', 'ah.sceneId').select(['s.id', 's.title']).where('ah.activityId', '=', id).orderBy('ah.sortNo').execute();
  return { lessonIds: lessons.map((l) => l.id), classIds: classes.map((c) => c.id), sceneIds: scenes.map((s) => s.id), lessons, classes, scenes };
}
