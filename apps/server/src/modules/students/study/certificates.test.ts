import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_ALPHABET, CERTIFICATE_CODE_LENGTH } from '@anxue/shared';
import { apiCall, createTestApp, DEFAULT_TENANT, type TestApp } from '../../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../../core/db';
import { newCertificateCode } from './certificates';
import { insertClass, insertCourse, insertLesson, insertPaper, insertQuestion, insertVideo, userWith } from './test-kit';

const tenantId = DEFAULT_TENANT;
type User = { id: string; token: string };

/** The public check, as a visitor from `ip` calls it: the envelope's code (200, 404 unknown, 429 limited) and body. */
const verify = async (t: TestApp, code: string, ip = '10.40.0.1') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/students/certificate/verify/${encodeURIComponent(code)}`, remoteAddress: ip });
  const body = res.json();
  return { statusCode: body.code as number, body };
};
const mine = async (t: TestApp, u: User) => (await apiCall(t.app, u.token, 'GET', '/students/study/certificates')).body.result as Array<Record<string, string>>;
const held = (t: TestApp, userId: string) => t.db.selectFrom('stuCertificate').selectAll().where('userId', '=', userId).execute();

async function activity(t: TestApp, v: { title: string; lessonIds: string[]; paperId?: string | null; classIds: string[] }) {
  const id = newId();
  await t.db
    .insertInto('stuActivity')
    .values({ id, tenantId, title: v.title, description: null, cover: null, startTime: '2020-01-01 00:00:00', endTime: '2099-01-01 00:00:00', paperId: v.paperId ?? null, published: 1, createBy: null, createTime: null, updateBy: null, updateTime: null })
    .execute();
  for (const [i, lessonId] of v.lessonIds.entries()) await t.db.insertInto('stuActivityLesson').values({ id: newId(), tenantId, activityId: id, lessonId, sortNo: i }).execute();
  for (const classId of v.classIds) await t.db.insertInto('stuActivityClass').values({ id: newId(), tenantId, activityId: id, classId }).execute();
  return id;
}

describe('certificates', () => {
  let t: TestApp;
  let ann: User;
  let bob: User;
  let courseId: string;
  let videoLesson: string;
  let articleLesson: string;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await userWith(t, 'cert_ann');
    bob = await userWith(t, 'cert_bob');
    await t.db.updateTable('sysUser').set({ realname: '王小安' }).where('id', '=', ann.id).execute();
    courseId = await insertCourse(t.db, { title: '防溺水安全' });
    const videoId = await insertVideo(t.db, { durationSeconds: 10 });
    videoLesson = await insertLesson(t.db, { courseId, kind: 'video', mediaId: videoId, sortNo: 1 });
    articleLesson = await insertLesson(t.db, { courseId, kind: 'article', content: '<p>远离水边</p>', durationSeconds: 0, sortNo: 2 });
    // 系统设置's site name is the school on the certificate
    await t.db.insertInto('sysInstall').values({ key: 'setting:siteName', value: '阳光小学', createTime: formatDateTime(new Date()) }).onConflict((oc) => oc.column('key').doUpdateSet({ value: '阳光小学' })).execute();
  });
  afterAll(() => t.close());

  it('a course is certified the moment its last lesson is finished, once, with the name, the school and a 60-bit code', async () => {
    await apiCall(t.app, ann.token, 'GET', `/students/study/lesson?id=${articleLesson}`); // finished on opening
    expect(await held(t, ann.id)).toEqual([]);
    expect(await mine(t, ann)).toEqual([]);

    await apiCall(t.app, ann.token, 'GET', `/students/study/lesson?id=${videoLesson}`);
    t.clock.advance(12_000);
    const r = await apiCall(t.app, ann.token, 'POST', '/students/study/progress', { lessonId: videoLesson, position: 10 });
    expect(r.body.result).toMatchObject({ finished: true, courseProgress: 100 });
    // issued by the report itself, before the student looks
    const rows = await held(t, ann.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'course', refId: courseId, title: '防溺水安全', realname: '王小安', school: '阳光小学', issuedDate: formatDateTime(t.clock.now()).slice(0, 10) });
    expect(rows[0]!.code).toMatch(new RegExp(`^[${CERTIFICATE_ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}$`));

    // watching again, listing again: still one
    t.clock.advance(5_000);
    await apiCall(t.app, ann.token, 'POST', '/students/study/progress', { lessonId: videoLesson, position: 10 });
    const list = await mine(t, ann);
    await mine(t, ann);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'course', title: '防溺水安全', realname: '王小安', school: '阳光小学' });
    expect(list[0]!.code).toBe(rows[0]!.code.replace(/(.{4})(?=.)/g, '$1-'));
    expect(await held(t, ann.id)).toHaveLength(1);

    // bob finished one lesson of two: nothing
    await apiCall(t.app, bob.token, 'GET', `/students/study/lesson?id=${articleLesson}`);
    expect(await mine(t, bob)).toEqual([]);

    // the print page reads one's own certificate, not another's
    const own = await apiCall(t.app, ann.token, 'GET', `/students/study/certificate?id=${list[0]!.id}`);
    expect(own.body.result).toMatchObject({ id: list[0]!.id, title: '防溺水安全' });
    const other = await apiCall(t.app, bob.token, 'GET', `/students/study/certificate?id=${list[0]!.id}`);
    expect(other.body).toMatchObject({ success: false, message: '未找到该证书' });
  });

  it('past completions get their certificate when the student opens the list; a course without lessons never', async () => {
    const carl = await userWith(t, 'cert_carl');
    const past = await insertCourse(t.db, { title: '交通安全' });
    const l1 = await insertLesson(t.db, { courseId: past, kind: 'article', sortNo: 1 });
    await insertCourse(t.db, { title: '空课程' });
    await t.db
      .insertInto('stuLessonProgress')
      .values({ id: newId(), tenantId, userId: carl.id, lessonId: l1, courseId: past, durationSeconds: 0, maxPosition: 0, finished: 1, finishedAt: '2025-03-04 10:00:00', updateTime: '2025-03-04 10:00:00' })
      .execute();
    const list = await mine(t, carl);
    expect(list.map((c) => [c.kind, c.title, c.issuedDate])).toEqual([['course', '交通安全', '2025-03-04']]);
  });

  it('an activity is certified when its lessons are finished and its quiz passed, not before, and only for its classes', async () => {
    const dan = await userWith(t, 'cert_dan');
    const eve = await userWith(t, 'cert_eve');
    const cls = await insertClass(t.db, '三年级一班', [{ userId: dan.id, role: 'student' }]);
    const course = await insertCourse(t.db, { title: '活动课程' });
    const lesson = await insertLesson(t.db, { courseId: course, kind: 'article', sortNo: 1 });
    const q = await insertQuestion(t.db, { answer: 'A' });
    const paper = await insertPaper(t.db, { questions: [{ questionId: q, score: 10 }], passScore: 10 });
    const act = await activity(t, { title: '安全月活动', lessonIds: [lesson], paperId: paper, classIds: [cls] });
    const take = async (u: User, answer: string) => {
      const a = (await apiCall(t.app, u.token, 'POST', '/students/study/attempt/start', { paperId: paper, activityId: act })).body.result;
      t.clock.advance(1000);
      return (await apiCall(t.app, u.token, 'POST', '/students/study/attempt/submit', { attemptId: a.id, answers: [{ questionId: q, answer }] })).body.result;
    };

    // quiz passed, lesson not finished
    expect((await take(dan, 'A')).passed).toBe(true);
    expect((await held(t, dan.id)).filter((c) => c.kind === 'activity')).toEqual([]);
    // the lesson finished: issued at once (the lesson also completes its one-lesson course)
    await apiCall(t.app, dan.token, 'GET', `/students/study/lesson?id=${lesson}`);
    expect((await held(t, dan.id)).map((c) => [c.kind, c.refId]).sort()).toEqual([
      ['activity', act],
      ['course', course],
    ].sort());

    // eve is in no class of the activity: the course, never the activity
    await apiCall(t.app, eve.token, 'GET', `/students/study/lesson?id=${lesson}`);
    await take(eve, 'A');
    expect((await mine(t, eve)).map((c) => c.kind)).toEqual(['course']);

    // a failed quiz earns nothing; passing later does
    const fay = await userWith(t, 'cert_fay');
    await t.db.insertInto('stuClassMember').values({ id: newId(), tenantId, classId: cls, userId: fay.id, memberRole: 'student' }).execute();
    await apiCall(t.app, fay.token, 'GET', `/students/study/lesson?id=${lesson}`);
    expect((await take(fay, 'B')).passed).toBe(false);
    expect((await mine(t, fay)).map((c) => c.kind)).toEqual(['course']);
    await take(fay, 'A');
    expect((await held(t, fay.id)).map((c) => c.kind).sort()).toEqual(['activity', 'course']);
    await take(fay, 'A');
    expect(await held(t, fay.id)).toHaveLength(2);
  });

  it('the public check answers the name, the work and the date and nothing else, without signing in', async () => {
    const [c] = await mine(t, ann);
    for (const typed of [c!.code, c!.code.replace(/-/g, '').toLowerCase()]) {
      const res = await verify(t, typed);
      expect(res.statusCode).toBe(200);
      const body = res.body;
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result).toEqual({ name: '王小安', work: '防溺水安全', date: c!.issuedDate, revokedDate: null });
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'result', 'success', 'timestamp']);
    }
    const unknown = await verify(t, 'ABCD-EFGH-JKLM');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 404, message: '证书不存在，请核对验证码', result: null });
  });

  it('guessing is limited per address: 20 unknown codes an hour, then every check from there waits', async () => {
    const [c] = await mine(t, ann);
    const ip = '10.40.9.9';
    for (let i = 0; i < 19; i++) expect((await verify(t, newCertificateCode(), ip)).statusCode).toBe(404);
    // hits do not count
    expect((await verify(t, c!.code, ip)).statusCode).toBe(200);
    expect((await verify(t, 'not-a-code', ip)).statusCode).toBe(404);
    const limited = await verify(t, c!.code, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toMatchObject({ success: false, message: '查询过于频繁，请一小时后再试' });
    // another address is not affected
    expect((await verify(t, c!.code, '10.40.9.10')).statusCode).toBe(200);
    t.clock.advance(3_601_000);
    expect((await verify(t, c!.code, ip)).statusCode).toBe(200);
  });
});

describe('certificate codes cannot be guessed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CERT_VERIFY_MISSES_PER_HOUR: '0' });
  });
  afterAll(() => t.close());

  it('10,000 random codes through the public check find none of 200 real ones', async () => {
    const u = await userWith(t, 'enum_student');
    const real = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = newCertificateCode();
      real.add(code);
      await t.db
        .insertInto('stuCertificate')
        .values({ id: newId(), tenantId, userId: u.id, kind: 'course', refId: newId(), title: `课程${i}`, realname: '学生', school: '学校', issuedDate: '2026-01-01', code, createTime: null })
        .execute();
    }
    // a real code answers through the same route, so the misses below are misses of the lookup
    expect((await verify(t, [...real][0]!)).statusCode).toBe(200);
    let found = 0;
    for (let i = 0; i < 10_000; i++) {
      const guess = newCertificateCode();
      const res = await verify(t, guess);
      if (res.statusCode !== 404) found++;
      else if (real.has(guess)) throw new Error('a real code answered 404');
    }
    expect(found).toBe(0);
  }, 120_000);
});
