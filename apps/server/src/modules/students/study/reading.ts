import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDY_PERMISSION,
  studyPageQuery,
  type CourseCard,
  type CourseDetail,
  type LessonKind,
  type LessonView,
  type PictureCard,
  type PictureDetail,
  type PosterCard,
  type SkillCard,
  type SkillDetail,
  type VideoCard,
  type VideoDetail,
} from '@anxue/shared';
import { formatDateTime } from '../../../core/db';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query/page';
import { sanitizeRichText } from '../../../core/html/sanitize';
import { addStudyDictTexts, imageAddress, inTenant, publishedContent, refuse, splitPaths, studyCaller, type StudyCaller } from './common';
import type { MediaSigner } from './media';
import { progressRecorded } from '../assignment/stored';
import { issueAfterLesson } from './certificates';
import { lessonLength, openLesson, percent, publishedLesson } from './progress';

const byId = z.object({ id: z.string().min(1).max(32) });
const OTHER_CHAPTER = '其他';

/** Reading the published content: courses with the caller's progress, lessons, pictures, videos, posters, skills. */
export function registerReadingRoutes(app: FastifyInstance, signer: MediaSigner) {
  const { db, clock } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cfg = <S extends object>(summary: string, extra: S) => ({ config: { permission: STUDY_PERMISSION }, schema: { tags: ['学习园地'], summary, ...extra } });
  const image = (p: string | null | undefined) => imageAddress(app, p);
  const videoAddress = async (path: string | null) => (path ? signer.address(app.ctx.config.apiBase, path, clock.now().getTime()) : null);

  /** Courses with lesson counts and the caller's finished lessons, one query for the page. */
  const courseQuery = (caller: StudyCaller) =>
    db
      .selectFrom('stuCourse as c')
      .select((eb) => [
        'c.id',
        'c.title',
        'c.cover',
        'c.category',
        'c.gradeBand',
        'c.description',
        eb.selectFrom('stuLesson as l').select(eb.fn.countAll<number>().as('n')).whereRef('l.courseId', '=', 'c.id').as('lessonCount'),
        eb
          .selectFrom('stuLessonProgress as p')
          .innerJoin('stuLesson as l2', 'l2.id', 'p.lessonId')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('l2.courseId', '=', 'c.id')
          .where('p.userId', '=', caller.id)
          .where('p.finished', '=', 1)
          .as('finishedCount'),
      ]);
  const courseCard = (r: { id: string; title: string; cover: string | null; category: string | null; gradeBand: string | null; description: string | null; lessonCount: unknown; finishedCount: unknown }): CourseCard => {
    const lessonCount = Number(r.lessonCount ?? 0);
    const finishedCount = Number(r.finishedCount ?? 0);
    return { ...r, cover: image(r.cover), lessonCount, finishedCount, progress: percent(finishedCount, lessonCount) };
  };

  api.get('/students/study/courses', cfg('课程列表（含我的进度）', { querystring: studyPageQuery }), async (req) => {
    const caller = studyCaller(req);
    const { pageNo, pageSize, ...filters } = req.query;
    const qb = publishedContent(courseQuery(caller), caller, filters, 'c.title').orderBy('c.sortNo').orderBy('c.createTime', 'desc').orderBy('c.id');
    const page = await fetchPage(qb as any, pageNo, pageSize);
    const records = (page.records as Parameters<typeof courseCard>[0][]).map(courseCard);
    await addStudyDictTexts(db, records);
    return ok({ ...page, records });
  });

  api.get('/students/study/course', cfg('课程详情：章节与课时（含我的进度）', { querystring: byId }), async (req) => {
    const caller = studyCaller(req);
    const row = await publishedContent(courseQuery(caller), caller, {}).where('c.id', '=', req.query.id).executeTakeFirst();
    if (!row) throw refuse('课程不存在或未发布');
    const card = courseCard(row);
    await addStudyDictTexts(db, [card]);
    const [chapters, lessons, videos] = await Promise.all([
      db.selectFrom('stuCourseChapter').select(['id', 'title']).where('courseId', '=', row.id).orderBy('sortNo').orderBy('createTime').orderBy('id').execute(),
      db
        .selectFrom('stuLesson as l')
        .leftJoin('stuLessonProgress as p', (j) => j.onRef('p.lessonId', '=', 'l.id').on('p.userId', '=', caller.id))
        .select(['l.id', 'l.courseId', 'l.chapterId', 'l.title', 'l.kind', 'l.mediaId', 'l.durationSeconds', 'l.sortNo', 'p.maxPosition', 'p.finished', 'p.finishedAt'])
        .where('l.courseId', '=', row.id)
        .orderBy('l.sortNo')
        .orderBy('l.createTime')
        .orderBy('l.id')
        .execute(),
      db
        .selectFrom('stuVideo as v')
        .innerJoin('stuLesson as l', 'l.mediaId', 'v.id')
        .select(['v.id', 'v.durationSeconds'])
        .where('l.courseId', '=', row.id)
        .where('l.kind', '=', 'video')
        .execute(),
    ]);
    const videoLength = new Map(videos.map((v) => [v.id, v.durationSeconds]));
    type Item = CourseDetail['chapters'][number]['lessons'][number];
    const byChapter = new Map<string | null, Item[]>();
    const known = new Set(chapters.map((c) => c.id));
    for (const l of lessons) {
      const length = l.durationSeconds > 0 || l.kind !== 'video' ? l.durationSeconds : (videoLength.get(l.mediaId ?? '') ?? 0);
      const item: Item = {
        id: l.id,
        courseId: l.courseId,
        chapterId: l.chapterId,
        title: l.title,
        kind: l.kind as LessonKind,
        durationSeconds: length,
        sortNo: l.sortNo,
        progress: { lessonId: l.id, maxPosition: l.maxPosition ?? 0, durationSeconds: length, finished: l.finished === 1, finishedAt: l.finishedAt ?? null },
      };
      const key = l.chapterId && known.has(l.chapterId) ? l.chapterId : null;
      byChapter.set(key, [...(byChapter.get(key) ?? []), item]);
    }
    const detail: CourseDetail = {
      ...card,
      chapters: [
        ...chapters.map((c) => ({ id: c.id, title: c.title, lessons: byChapter.get(c.id) ?? [] })),
        ...(byChapter.has(null) ? [{ id: null, title: OTHER_CHAPTER, lessons: byChapter.get(null)! }] : []),
      ],
    };
    return ok(detail);
  });

  api.get('/students/study/lesson', cfg('打开课时（视频为短时签名地址）', { querystring: byId }), async (req) => {
    const caller = studyCaller(req);
    const lesson = await publishedLesson(db, caller, req.query.id);
    const length = await lessonLength(db, lesson);
    const now = clock.now();
    const progress = await openLesson(db, caller, lesson, length, now);
    if (progress.finished && progress.finishedAt === formatDateTime(now)) {
      await progressRecorded(db, caller, { lessonId: lesson.id }, now, req.log);
      await issueAfterLesson(app.ctx, req.log, caller, lesson);
    }
    const view: LessonView = {
      id: lesson.id,
      courseId: lesson.courseId,
      chapterId: lesson.chapterId,
      title: lesson.title,
      kind: lesson.kind as LessonKind,
      durationSeconds: length,
      sortNo: lesson.sortNo,
      content: lesson.content ? sanitizeRichText(lesson.content) : null,
      progress,
    };
    const mediaId = lesson.mediaId ?? '';
    if (lesson.kind === 'video') {
      const v = await inTenant(db.selectFrom('stuVideo').select(['filePath', 'cover', 'durationSeconds']).where('id', '=', mediaId), caller).executeTakeFirst();
      view.video = { url: await videoAddress(v?.filePath ?? null), cover: image(v?.cover), durationSeconds: length };
    } else if (lesson.kind === 'picture') {
      const p = await inTenant(db.selectFrom('stuPicture').select(['images', 'cover']).where('id', '=', mediaId), caller).executeTakeFirst();
      view.pictures = splitPaths(p?.images).map((s) => image(s)!);
    } else if (lesson.kind === 'poster') {
      const p = await inTenant(db.selectFrom('stuPoster').select('image').where('id', '=', mediaId), caller).executeTakeFirst();
      view.poster = image(p?.image);
    }
    return ok(view);
  });

  // ---- pictures, videos, posters, skills: published lists (paged) and details ----

  const pictureCard = (r: { id: string; title: string; cover: string | null; images: string | null; category: string | null; gradeBand: string | null; description: string | null }): PictureCard => {
    const images = splitPaths(r.images);
    return { id: r.id, title: r.title, category: r.category, gradeBand: r.gradeBand, description: r.description, cover: image(r.cover || images[0]), imageCount: images.length };
  };
  const videoCard = (r: { id: string; title: string; cover: string | null; category: string | null; gradeBand: string | null; description: string | null; durationSeconds: number }): VideoCard => ({
    id: r.id,
    title: r.title,
    category: r.category,
    gradeBand: r.gradeBand,
    description: r.description,
    cover: image(r.cover),
    durationSeconds: r.durationSeconds,
  });
  const posterCard = (r: { id: string; title: string; image: string | null; category: string | null; gradeBand: string | null; description: string | null }): PosterCard => ({ ...r, image: image(r.image) });
  const skillCard = (r: { id: string; title: string; cover: string | null; summary: string | null; category: string | null; gradeBand: string | null; stepCount: unknown }): SkillCard => ({
    ...r,
    cover: image(r.cover),
    stepCount: Number(r.stepCount ?? 0),
  });

  const pictureSelect = () => db.selectFrom('stuPicture').select(['id', 'title', 'cover', 'images', 'category', 'gradeBand', 'description']);
  const videoSelect = () => db.selectFrom('stuVideo').select(['id', 'title', 'cover', 'filePath', 'category', 'gradeBand', 'description', 'durationSeconds']);
  const posterSelect = () => db.selectFrom('stuPoster').select(['id', 'title', 'image', 'category', 'gradeBand', 'description']);
  const skillSelect = () =>
    db
      .selectFrom('stuSkill')
      .select((eb) => [
        'id',
        'title',
        'cover',
        'summary',
        'category',
        'gradeBand',
        eb.selectFrom('stuSkillStep as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.skillId', '=', 'stuSkill.id').as('stepCount'),
      ]);

  /** One paged list of published content: filters, order, page, cards with dictionary texts. */
  const listRoute = <R, C extends object>(path: string, summary: string, select: () => any, card: (r: R) => C) =>
    api.get(path, cfg(summary, { querystring: studyPageQuery }), async (req) => {
      const caller = studyCaller(req);
      const { pageNo, pageSize, ...filters } = req.query;
      const qb = publishedContent(select(), caller, filters).orderBy('sortNo').orderBy('createTime', 'desc').orderBy('id');
      const page = await fetchPage(qb, pageNo, pageSize);
      const records = (page.records as R[]).map(card);
      await addStudyDictTexts(db, records);
      return ok({ ...page, records });
    });
  /** One published item by id, or a refusal. */
  const detailRoute = <R, C extends object>(path: string, summary: string, notFound: string, select: () => any, detail: (r: R) => Promise<C>) =>
    api.get(path, cfg(summary, { querystring: byId }), async (req) => {
      const caller = studyCaller(req);
      const row = (await publishedContent(select(), caller, {}).where('id', '=', req.query.id).executeTakeFirst()) as R | undefined;
      if (!row) throw refuse(notFound);
      const out = await detail(row);
      await addStudyDictTexts(db, [out]);
      return ok(out);
    });

  listRoute('/students/study/pictures', '安全图片列表', pictureSelect, pictureCard);
  detailRoute('/students/study/picture', '安全图片详情', '图片不存在或未发布', pictureSelect, async (r: Parameters<typeof pictureCard>[0]): Promise<PictureDetail> => ({
    ...pictureCard(r),
    images: splitPaths(r.images).map((p) => image(p)!),
  }));
  listRoute('/students/study/videos', '安全视频列表', videoSelect, videoCard);
  detailRoute('/students/study/video', '安全视频详情（短时签名地址）', '视频不存在或未发布', videoSelect, async (r: Parameters<typeof videoCard>[0] & { filePath: string | null }): Promise<VideoDetail> => ({
    ...videoCard(r),
    url: await videoAddress(r.filePath),
  }));
  listRoute('/students/study/posters', '安全海报列表', posterSelect, posterCard);
  detailRoute('/students/study/poster', '安全海报详情', '海报不存在或未发布', posterSelect, async (r: Parameters<typeof posterCard>[0]) => posterCard(r));
  listRoute('/students/study/skills', '安全技能列表', skillSelect, skillCard);
  detailRoute('/students/study/skill', '安全技能详情（含步骤）', '技能不存在或未发布', skillSelect, async (r: Parameters<typeof skillCard>[0]): Promise<SkillDetail> => {
    const steps = await db.selectFrom('stuSkillStep').select(['stepNo', 'content', 'image']).where('skillId', '=', r.id).orderBy('stepNo').execute();
    return { ...skillCard(r), steps: steps.map((s) => ({ ...s, image: image(s.image) })) };
  });
}
