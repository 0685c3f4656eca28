import type { Kysely } from 'kysely';
import type { ExcelLink, RequestContext } from '../../../core/crud';
import { newId } from '../../../core/db';

// A 专题活动's 班级 and 课时 in spreadsheets (issue 19): classes by name, lessons as 课程/课时 (a lesson's
// title alone repeats across courses). Names resolve among the caller's tenant's rows; a name matching none
// or several is the row's error.

type Found = Map<string, { id: string } | { error: string }>;

function resolve(names: string[], rows: Array<{ id: string; name: string }>, title: string, missing = (n: string) => `${title}“${n}”不存在`): Found {
  return new Map(
    names.map((n) => {
      const hits = rows.filter((r) => r.name === n);
      return [n, hits.length === 1 ? { id: hits[0].id } : { error: hits.length ? `${title}“${n}”有重名，无法确定是哪一个` : missing(n) }];
    }),
  );
}

async function grouped(rows: Array<{ activityId: string; name: string }>): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.activityId, [...(out.get(r.activityId) ?? []), r.name]);
  return out;
}

export const activityClassLink: ExcelLink = {
  title: '班级',
  async names(db: Kysely<any>, ids: string[]) {
    const rows = await db.selectFrom('stuActivityClass as ac').innerJoin('stuClass as c', 'c.id', 'ac.classId').select(['ac.activityId', 'c.name']).where('ac.activityId', 'in', ids).orderBy('c.name').execute();
    return grouped(rows);
  },
  async lookup(ctx: RequestContext, names: string[]) {
    const rows = await ctx.db.selectFrom('stuClass').select(['id', 'name']).where('tenantId', '=', ctx.tenantId).where('name', 'in', names).execute();
    return resolve(names, rows, '班级');
  },
  async write(ctx: RequestContext, links) {
    const rows = links.flatMap((l) => l.targets.map((classId) => ({ id: newId(), activityId: l.id, classId, tenantId: ctx.tenantId })));
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuActivityClass').values(rows.slice(i, i + 500)).execute();
  },
};

export const activityLessonLink: ExcelLink = {
  title: '课时',
  async names(db: Kysely<any>, ids: string[]) {
    const rows = await db
      .selectFrom('stuActivityLesson as al')
      .innerJoin('stuLesson as l', 'l.id', 'al.lessonId')
      .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
      .select(['al.activityId', 'c.title as course', 'l.title as lesson'])
      .where('al.activityId', 'in', ids)
      .orderBy('al.sortNo')
      .execute();
    return grouped(rows.map((r) => ({ activityId: r.activityId, name: `${r.course}/${r.lesson}` })));
  },
  async lookup(ctx: RequestContext, names: string[]) {
    const titles = [...new Set(names.map((n) => n.slice(n.lastIndexOf('/') + 1)))];
    const rows = await ctx.db
      .selectFrom('stuLesson as l')
      .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
      .select(['l.id', 'c.title as course', 'l.title as lesson'])
      .where('l.tenantId', '=', ctx.tenantId)
      .where('l.title', 'in', titles)
      .execute();
    return resolve(names, rows.map((r) => ({ id: r.id, name: `${r.course}/${r.lesson}` })), '课时', (n) => `课时“${n}”不存在（写作 课程/课时）`);
  },
  async write(ctx: RequestContext, links) {
    const rows = links.flatMap((l) => l.targets.map((lessonId, i) => ({ id: newId(), activityId: l.id, lessonId, sortNo: i + 1, tenantId: ctx.tenantId })));
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuActivityLesson').values(rows.slice(i, i + 500)).execute();
  },
};
