import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEACH_PERMISSION } from '@anxue/shared';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { MEDIA_URL_TTL_SECONDS } from './media';
import { insertChapter, insertCourse, insertLesson, insertVideo, userWith } from './test-kit';

let t: TestApp;
let student: { id: string; token: string };
let courseId: string;
let videoPath: string;
let videoBytes: Buffer;
const tenantId = DEFAULT_TENANT;

beforeAll(async () => {
  t = await createTestApp();
  student = await userWith(t, 'reading_student');
  // a tiny "mp4": the ftyp box is what the sniffer looks for
  videoBytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(1000, 7)]);
  videoPath = await t.app.ctx.storage.save('video', 'lesson.mp4', videoBytes);
  courseId = await insertCourse(t.db, { title: '防火安全' });
  await insertCourse(t.db, { title: '草稿课程', published: 0 });
  const second = await insertChapter(t.db, courseId, '第二章', 2);
  const first = await insertChapter(t.db, courseId, '第一章', 1);
  const videoId = await insertVideo(t.db, { filePath: videoPath, durationSeconds: 30 });
  await insertLesson(t.db, { courseId, chapterId: second, title: '逃生', kind: 'article', sortNo: 1 });
  await insertLesson(t.db, { courseId, chapterId: first, title: '认识火', kind: 'video', mediaId: videoId, sortNo: 2 });
  await insertLesson(t.db, { courseId, chapterId: first, title: '灭火器', kind: 'article', sortNo: 1 });
  await insertLesson(t.db, { courseId, chapterId: null, title: '课外阅读', kind: 'article', sortNo: 1 });
  const now = null;
  await t.db.insertInto('stuPicture').values({ id: newId(), tenantId, title: '图集', cover: null, images: 'pic/a.png,pic/b.png', description: null, category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: now, updateBy: null, updateTime: null }).execute();
  await t.db.insertInto('stuPoster').values({ id: newId(), tenantId, title: '未发布海报', image: 'p.png', description: null, category: null, gradeBand: null, published: 0, sortNo: 0, createBy: null, createTime: now, updateBy: null, updateTime: null }).execute();
  const skillId = newId();
  await t.db.insertInto('stuSkill').values({ id: skillId, tenantId, title: '心肺复苏', cover: null, summary: '三步', category: null, gradeBand: null, published: 1, sortNo: 0, createBy: null, createTime: now, updateBy: null, updateTime: null }).execute();
  for (const n of [2, 1]) await t.db.insertInto('stuSkillStep').values({ id: newId(), tenantId, skillId, stepNo: n, content: `步骤${n}`, image: n === 1 ? 'step/1.png' : null }).execute();
});
afterAll(() => t.close());

describe('reading published content', () => {
  it('lists published courses only, and shows chapters in order with lessons in order and the rest under 其他', async () => {
    const list = await apiCall(t.app, student.token, 'GET', '/students/study/courses?pageSize=10');
    expect(list.body.result.records.map((c: { title: string }) => c.title)).toEqual(['防火安全']);
    expect(list.body.result.records[0].cover).toBe('/api/sys/common/view/course/cover.png');
    const detail = await apiCall(t.app, student.token, 'GET', `/students/study/course?id=${courseId}`);
    expect(detail.body.result.chapters.map((c: { title: string; lessons: Array<{ title: string }> }) => [c.title, c.lessons.map((l) => l.title)])).toEqual([
      ['第一章', ['灭火器', '认识火']],
      ['第二章', ['逃生']],
      ['其他', ['课外阅读']],
    ]);
    const draft = (await t.db.selectFrom('stuCourse').select('id').where('published', '=', 0).executeTakeFirstOrThrow()).id;
    const refused = await apiCall(t.app, student.token, 'GET', `/students/study/course?id=${draft}`);
    expect(refused.body).toMatchObject({ success: false, message: '课程不存在或未发布' });
  });

  it('lists pictures, posters and skills that are published, a skill with its steps in order', async () => {
    const pictures = await apiCall(t.app, student.token, 'GET', '/students/study/pictures');
    expect(pictures.body.result.records[0]).toMatchObject({ title: '图集', imageCount: 2, cover: '/api/sys/common/view/pic/a.png' });
    const picture = await apiCall(t.app, student.token, 'GET', `/students/study/picture?id=${pictures.body.result.records[0].id}`);
    expect(picture.body.result.images).toEqual(['/api/sys/common/view/pic/a.png', '/api/sys/common/view/pic/b.png']);
    const posters = await apiCall(t.app, student.token, 'GET', '/students/study/posters');
    expect(posters.body.result.total).toBe(0);
    const skills = await apiCall(t.app, student.token, 'GET', '/students/study/skills');
    expect(skills.body.result.records[0]).toMatchObject({ title: '心肺复苏', stepCount: 2 });
    const skill = await apiCall(t.app, student.token, 'GET', `/students/study/skill?id=${skills.body.result.records[0].id}`);
    expect(skill.body.result.steps).toEqual([
      { stepNo: 1, content: '步骤1', image: '/api/sys/common/view/step/1.png' },
      { stepNo: 2, content: '步骤2', image: null },
    ]);
  });

  it('refuses a user without the study permission', async () => {
    const teacherOnly = await userWith(t, 'reading_teach_only', [TEACH_PERMISSION]);
    const r = await apiCall(t.app, teacherOnly.token, 'GET', '/students/study/courses');
    expect(r.status).toBe(403);
  });
});

describe('signed video addresses', () => {
  const videoUrl = async () => {
    const videos = await apiCall(t.app, student.token, 'GET', '/students/study/videos');
    const video = await apiCall(t.app, student.token, 'GET', `/students/study/video?id=${videos.body.result.records[0].id}`);
    return video.body.result.url as string;
  };

  it('plays with a good signature and without the Authorization header, whole or by range', async () => {
    const url = await videoUrl();
    expect(url).toMatch(/^\/api\/students\/study\/media\/video\/.+\?exp=\d+&sig=[\w-]+$/);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(videoBytes)).toBe(true);

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${videoBytes.length}`);
    expect(part.rawPayload.equals(videoBytes.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-12' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(videoBytes.subarray(videoBytes.length - 12))).toBe(true);

    const beyond = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${videoBytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${videoBytes.length}`);
  });

  it('refuses a tampered signature, another path with the same signature, and an expired address', async () => {
    const url = await videoUrl();
    const tampered = url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const longer = url.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`);
    expect((await t.app.inject({ method: 'GET', url: longer })).statusCode).toBe(403);
    const otherPath = url.replace('/media/video/', '/media/video/x');
    expect((await t.app.inject({ method: 'GET', url: otherPath })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0] })).statusCode).toBe(403);

    t.clock.advance((MEDIA_URL_TTL_SECONDS + 5) * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    // a fresh address works again
    expect((await t.app.inject({ method: 'GET', url: await videoUrl() })).statusCode).toBe(200);
  });

  it('gives the lesson a signed address too', async () => {
    const detail = await apiCall(t.app, student.token, 'GET', `/students/study/course?id=${courseId}`);
    const lessonId = detail.body.result.chapters[0].lessons.find((l: { kind: string }) => l.kind === 'video').id;
    const lesson = await apiCall(t.app, student.token, 'GET', `/students/study/lesson?id=${lessonId}`);
    expect(lesson.body.result.video.durationSeconds).toBe(30);
    expect((await t.app.inject({ method: 'GET', url: lesson.body.result.video.url })).statusCode).toBe(200);
  });
});
