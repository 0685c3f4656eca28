import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller } from './testing';

// 课程管理 with chapters and lessons, and the media they show: pictures, videos, posters; skills with steps.
let t: TestApp;
let admin: ReturnType<typeof caller>;
const media: Record<string, string> = {};
let courseId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await login(t.app));
});
afterAll(() => t.close());

describe('media', () => {
  it('pictures need at least one image; the first stands as cover', async () => {
    expect((await admin.post('/students/picture/add', { title: '空图集', images: ' , ' })).body).toMatchObject({ success: false, message: '请至少上传一张图片' });
    expect((await admin.post('/students/picture/add', { title: '越界', images: 'a.png,../../etc/passwd' })).body).toMatchObject({ success: false, message: '图片路径不正确：../../etc/passwd' });
    media.picture = await admin.add('/students/picture', { title: '过马路看红绿灯', images: ' stu/a.png , stu/b.png ', category: 'traffic', published: 1 }, `title=${encodeURIComponent('过马路*')}`);
    const got = (await admin.get(`/students/picture/queryById?id=${media.picture}`)).body.result;
    expect(got).toMatchObject({ images: 'stu/a.png,stu/b.png', cover: 'stu/a.png', category_dictText: '交通安全', published: 1, published_dictText: '是' });
  });

  it('videos need a file and a length of at least one second; posters an image', async () => {
    expect((await admin.post('/students/video/add', { title: '无文件', durationSeconds: 30 })).body).toMatchObject({ success: false, message: '视频文件不能为空' });
    expect((await admin.post('/students/video/add', { title: '零秒', filePath: 'v.mp4', durationSeconds: 0 })).body).toMatchObject({ success: false, message: '视频时长至少1秒' });
    media.video = await admin.add('/students/video', { title: '火场逃生', filePath: 'stu/fire.mp4', cover: 'stu/fire.jpg', durationSeconds: 95 }, `title=${encodeURIComponent('火场逃生')}`);
    expect((await admin.post('/students/poster/add', { title: '无图' })).body).toMatchObject({ success: false, message: '海报图片不能为空' });
    media.poster = await admin.add('/students/poster', { title: '防溺水六不准', image: 'stu/poster.png', category: 'drowning' }, `title=${encodeURIComponent('防溺水*')}`);
  });

  it('skills carry numbered steps, returned in order; at least one step', async () => {
    expect((await admin.post('/students/skill/add', { title: '心肺复苏', steps: [] })).body).toMatchObject({ success: false, message: '安全技能至少要有一个步骤' });
    expect((await admin.post('/students/skill/add', { title: '心肺复苏', steps: [{ stepNo: 1, content: 'a' }, { stepNo: 1, content: 'b' }] })).body).toMatchObject({ success: false, message: '步骤序号1重复' });
    expect((await admin.post('/students/skill/add', { title: '心肺复苏', steps: [{ content: '' }] })).body).toMatchObject({ success: false, message: '第1条步骤：步骤内容不能为空' });
    const id = await admin.add(
      '/students/skill',
      { title: '灭火器使用', steps: [{ stepNo: 2, content: '拔掉保险销' }, { stepNo: 1, content: '提起灭火器', image: 'stu/s1.png' }, { stepNo: 3, content: '对准火焰根部压下把手' }] },
      `title=${encodeURIComponent('灭火器使用')}`,
    );
    const got = (await admin.get(`/students/skill/queryById?id=${id}`)).body.result;
    expect(got.stepCount).toBe(3);
    expect(got.steps.map((s: any) => [s.stepNo, s.content, s.image])).toEqual([
      [1, '提起灭火器', 'stu/s1.png'],
      [2, '拔掉保险销', null],
      [3, '对准火焰根部压下把手', null],
    ]);
    // an edit without steps keeps them
    expect((await admin.put('/students/skill/edit', { id, summary: '三步用好灭火器' })).body.success).toBe(true);
    expect((await admin.get(`/students/skill/queryById?id=${id}`)).body.result.steps).toHaveLength(3);
  });
});

describe('courses, chapters and lessons', () => {
  it('a course with a chapter and lessons of every kind; the lesson rules by kind', async () => {
    courseId = await admin.add('/students/course', { title: '消防安全第一课', category: 'fire', gradeBand: '1', published: 1 }, `title=${encodeURIComponent('消防安全第一课')}`);
    const chapterId = await admin.add('/students/courseChapter', { courseId, title: '认识火灾', sortNo: 1 }, `courseId=${courseId}`);
    const lesson = (extra: Record<string, unknown>) => admin.post('/students/lesson/add', { courseId, chapterId, ...extra });
    expect((await lesson({ title: '没选视频', kind: 'video' })).body).toMatchObject({ success: false, message: '视频课时请选择视频' });
    expect((await lesson({ title: '选错素材', kind: 'video', mediaId: media.picture })).body).toMatchObject({ success: false, message: '所选视频不存在或不属于当前租户' });
    expect((await lesson({ title: '空文章', kind: 'article', content: '<p> </p>' })).body).toMatchObject({ success: false, message: '图文课时的内容不能为空' });
    expect((await lesson({ title: '怪类型', kind: 'game' })).body).toMatchObject({ success: false, message: '课时类型只能是视频、图片、海报或图文' });
    expect((await lesson({ title: '看视频', kind: 'video', mediaId: media.video, sortNo: 2 })).body.success).toBe(true);
    expect((await lesson({ title: '看图片', kind: 'picture', mediaId: media.picture, sortNo: 1, durationSeconds: 30 })).body.success).toBe(true);
    expect((await lesson({ title: '读文章', kind: 'article', content: '<p>遇到火情<script>alert(1)</script>拨打119</p>', sortNo: 3 })).body.success).toBe(true);
    expect((await lesson({ title: '看海报', kind: 'poster', mediaId: media.poster, sortNo: 4, chapterId: null })).body.success).toBe(true);
    const lessons = await admin.list(`/students/lesson/list?courseId=${courseId}`);
    expect(lessons.map((l: any) => [l.title, l.kind_dictText, l.durationSeconds, l.mediaTitle ?? null])).toEqual([
      ['看图片', '图片', 30, '过马路看红绿灯'],
      ['看视频', '视频', 95, '火场逃生'],
      ['读文章', '图文', 0, null],
      ['看海报', '海报', 0, '防溺水六不准'],
    ]);
    expect(lessons[2].content).not.toContain('script');
    expect((await admin.list(`/students/course/list?title=${encodeURIComponent('消防安全第一课')}`))[0]).toMatchObject({ lessonCount: 4, chapterCount: 1 });
  });

  it('media a lesson shows cannot be deleted; a lesson keeps to its course and chapter', async () => {
    expect((await admin.del(`/students/video/delete?id=${media.video}`)).body).toMatchObject({ success: false, message: '视频已被课时“看视频”使用，不能删除' });
    const other = await admin.add('/students/course', { title: '另一门课' }, `title=${encodeURIComponent('另一门课')}`);
    const foreignChapter = await admin.add('/students/courseChapter', { courseId: other, title: '别处章节' }, `courseId=${other}`);
    const res = await admin.post('/students/lesson/add', { courseId, chapterId: foreignChapter, title: '错章节', kind: 'article', content: '<p>x</p>' });
    expect(res.body).toMatchObject({ success: false, message: '章节不属于这门课程' });
    const lessonId = (await admin.list(`/students/lesson/list?courseId=${courseId}&title=${encodeURIComponent('读文章')}`))[0].id;
    expect((await admin.put('/students/lesson/edit', { id: lessonId, courseId: other })).body).toMatchObject({ success: false, message: '不能把它移到别的课程' });
    expect((await admin.post('/students/courseChapter/add', { courseId: 'nope', title: 'x' })).body).toMatchObject({ success: false, message: '课程不存在或不属于当前租户：nope' });
  });

  it('chapters and lessons answer to the course codes: list to students:course:list, writes to students:course:edit', async () => {
    await createUser(t.db, { username: 'courseviewer', password: 'Viewer#2026', menuKeys: ['education', 'education.course', 'education.course.list'] });
    const viewer = caller(t, await login(t.app, 'courseviewer', 'Viewer#2026'));
    expect((await viewer.get(`/students/lesson/list?courseId=${courseId}`)).body.result.total).toBe(4);
    expect((await viewer.get(`/students/courseChapter/list?courseId=${courseId}`)).body.result.total).toBe(1);
    for (const [url, payload] of [
      ['/students/course/add', { title: 'x' }],
      ['/students/courseChapter/add', { courseId, title: 'x' }],
      ['/students/lesson/add', { courseId, title: 'x', kind: 'article', content: 'x' }],
    ] as const) {
      const res = await viewer.post(url, payload);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });

  it('deleting a course removes its chapters and lessons', async () => {
    expect((await admin.del(`/students/course/delete?id=${courseId}`)).body.success).toBe(true);
    expect(await t.db.selectFrom('stuLesson').select('id').where('courseId', '=', courseId).execute()).toEqual([]);
    expect(await t.db.selectFrom('stuCourseChapter').select('id').where('courseId', '=', courseId).execute()).toEqual([]);
    // the video is free again
    expect((await admin.del(`/students/video/delete?id=${media.video}`)).body.success).toBe(true);
  });
});
