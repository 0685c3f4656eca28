// 课程管理: course → chapter → lesson. Chapters and lessons are edited from the course page, so their
// paths use the course's codes: reading needs students:course:list, every write students:course:edit.
import { LESSON_KINDS, STUDENT_DICTS, type LessonKind } from '@anxue/shared';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef, type ResourceField } from '../../../core/crud';
import { auditFields, contentFields, fillDefaults, idField, nonNegative, requireOwnRows } from './common';

const COURSE_CODES: ResourceDef['actionPermissions'] = {
  list: 'students:course:list',
  queryById: 'students:course:list',
  add: 'students:course:edit',
  edit: 'students:course:edit',
  delete: 'students:course:edit',
  deleteBatch: 'students:course:edit',
};

export const courseResource: ResourceDef = {
  label: '课程',
  table: 'stuCourse',
  path: '/students/course',
  permission: 'students:course',
  tenant: true,
  defaultSort: [{ field: 'sortNo', order: 'asc' }, { field: 'createTime', order: 'desc' }],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '课程名称', required: true, max: 200 },
    { name: 'cover', type: 'string', title: '封面', max: 500 },
    { name: 'description', type: 'string', title: '简介', max: 5000 },
    ...contentFields,
    ...auditFields,
  ],
  hooks: {
    beforeSave(row, _ctx, mode) {
      fillDefaults(courseResource.fields, { published: 0, sortNo: 0 })(row, mode);
    },
    // the course's lessons and chapters go with it (and students' progress on them)
    async beforeDelete(ids, ctx) {
      await ctx.db.deleteFrom('stuLesson').where('courseId', 'in', ids).execute();
      await ctx.db.deleteFrom('stuCourseChapter').where('courseId', 'in', ids).execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const lessons = await ctx.db.selectFrom('stuLesson').select(['courseId', (eb) => eb.fn.countAll<number>().as('n')]).where('courseId', 'in', ids).groupBy('courseId').execute();
      const chapters = await ctx.db.selectFrom('stuCourseChapter').select(['courseId', (eb) => eb.fn.countAll<number>().as('n')]).where('courseId', 'in', ids).groupBy('courseId').execute();
      const l = new Map(lessons.map((c) => [c.courseId, Number(c.n)]));
      const c = new Map(chapters.map((x) => [x.courseId, Number(x.n)]));
      for (const r of records) {
        r.lessonCount = l.get(String(r.id)) ?? 0;
        r.chapterCount = c.get(String(r.id)) ?? 0;
      }
    },
  },
};

const courseIdField: ResourceField = { name: 'courseId', type: 'string', title: '课程', required: true, max: 32 };

/** A chapter or lesson keeps to a course of the caller's tenant, and cannot move to another course. */
async function checkCourse(row: Record<string, unknown>, ctx: RequestContext, mode: string, table: 'stuCourseChapter' | 'stuLesson') {
  if (mode === 'edit' && 'courseId' in row) {
    const saved = await ctx.db.selectFrom(table).select('courseId').where('id', '=', String(row.id)).executeTakeFirstOrThrow();
    if (saved.courseId !== row.courseId) throw new ResourceError('不能把它移到别的课程');
  }
  if (row.courseId) await requireOwnRows(ctx.db, ctx, 'stuCourse', [String(row.courseId)], '课程');
}

export const courseChapterResource: ResourceDef = {
  label: '章节',
  table: 'stuCourseChapter',
  path: '/students/courseChapter',
  permission: 'students:course',
  tenant: true,
  actionPermissions: COURSE_CODES,
  without: ['exportXls', 'importExcel'],
  defaultSort: [{ field: 'sortNo', order: 'asc' }],
  fields: [idField, courseIdField, { name: 'title', type: 'string', title: '章节名称', required: true, max: 200 }, { name: 'sortNo', type: 'int', title: '排序' }, ...auditFields],
  hooks: {
    async beforeSave(row, ctx, mode) {
      fillDefaults(courseChapterResource.fields, { sortNo: 0 })(row, mode);
      await checkCourse(row, ctx, mode, 'stuCourseChapter');
    },
    // the chapter's lessons stay in the course, outside any chapter
    async beforeDelete(ids, ctx) {
      await ctx.db.updateTable('stuLesson').set({ chapterId: null }).where('chapterId', 'in', ids).execute();
    },
  },
};

const MEDIA_TABLE: Record<Exclude<LessonKind, 'article'>, { table: string; unchosen: string; notFound: string }> = {
  video: { table: 'stuVideo', unchosen: '视频课时请选择视频', notFound: '所选视频不存在或不属于当前租户' },
  picture: { table: 'stuPicture', unchosen: '图片课时请选择图片', notFound: '所选图片不存在或不属于当前租户' },
  poster: { table: 'stuPoster', unchosen: '海报课时请选择海报', notFound: '所选海报不存在或不属于当前租户' },
};

export const lessonResource: ResourceDef = {
  label: '课时',
  table: 'stuLesson',
  path: '/students/lesson',
  permission: 'students:course',
  tenant: true,
  actionPermissions: COURSE_CODES,
  without: ['exportXls', 'importExcel'],
  defaultSort: [{ field: 'sortNo', order: 'asc' }],
  fields: [
    idField,
    courseIdField,
    { name: 'chapterId', type: 'string', title: '章节', max: 32 },
    { name: 'title', type: 'string', title: '课时名称', required: true, max: 200 },
    { name: 'kind', type: 'string', title: '类型', required: true, dictCode: STUDENT_DICTS.lessonKind, max: 16, check: z.enum(LESSON_KINDS, { error: '课时类型只能是视频、图片、海报或图文' }) },
    { name: 'mediaId', type: 'string', title: '素材', max: 32 },
    { name: 'content', type: 'string', title: '图文内容', max: 200_000, richText: true, query: false, sort: false },
    { name: 'durationSeconds', type: 'int', title: '学习时长（秒）', check: nonNegative('学习时长') },
    { name: 'sortNo', type: 'int', title: '排序' },
    ...auditFields,
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      fillDefaults(lessonResource.fields, { sortNo: 0, durationSeconds: 0 })(row, mode);
      await checkCourse(row, ctx, mode, 'stuLesson');
    },
    // checked on the row as saved, so an edit of one column is judged with the others
    async afterSave(row, _input, ctx) {
      const id = String(row.id);
      const lesson = await ctx.db.selectFrom('stuLesson').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (lesson.chapterId) {
        const chapter = await ctx.db.selectFrom('stuCourseChapter').select('courseId').where('id', '=', lesson.chapterId).where('tenantId', '=', ctx.tenantId).executeTakeFirst();
        if (!chapter || chapter.courseId !== lesson.courseId) throw new ResourceError('章节不属于这门课程');
      }
      const kind = lesson.kind as LessonKind;
      const patch: Record<string, unknown> = {};
      if (kind === 'article') {
        if (!lesson.content || !String(lesson.content).replace(/<[^>]*>/g, '').trim()) throw new ResourceError('图文课时的内容不能为空');
        if (lesson.mediaId) patch.mediaId = null;
      } else {
        const media = MEDIA_TABLE[kind];
        if (!lesson.mediaId) throw new ResourceError(media.unchosen);
        const found = await ctx.db.selectFrom(media.table).select(kind === 'video' ? ['id', 'durationSeconds'] : ['id']).where('id', '=', lesson.mediaId).where('tenantId', '=', ctx.tenantId).executeTakeFirst();
        if (!found) throw new ResourceError(media.notFound);
        // a video lesson lasts as long as its video unless the editor says otherwise
        if (kind === 'video' && !Number(lesson.durationSeconds)) patch.durationSeconds = Number((found as { durationSeconds: number }).durationSeconds);
      }
      if (Object.keys(patch).length) await ctx.db.updateTable('stuLesson').set(patch).where('id', '=', id).execute();
    },
    async decorate(records, ctx) {
      for (const kind of Object.keys(MEDIA_TABLE) as Array<keyof typeof MEDIA_TABLE>) {
        const ids = records.filter((r) => r.kind === kind && r.mediaId).map((r) => String(r.mediaId));
        if (!ids.length) continue;
        const rows = await ctx.db.selectFrom(MEDIA_TABLE[kind].table).select(['id', 'title']).where('id', 'in', ids).execute();
        const titles = new Map(rows.map((m: any) => [String(m.id), String(m.title)]));
        for (const r of records) if (r.kind === kind && r.mediaId) r.mediaTitle = titles.get(String(r.mediaId)) ?? null;
      }
    },
  },
};
