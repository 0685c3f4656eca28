import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { circleCoords, polygonCoords, rectCoords } from '@anxue/shared/students';
import { auth, createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { checkWindows } from '../content/hazard-clip';
import { SAMPLE_IDS, seedSampleHazardClip, seedStudentSample } from './seed';

// A fresh install's student area is alive: the sample content is there once, consistent and readable.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sample content of a fresh install', () => {
  it('seeds once: a second start adds nothing', async () => {
    expect(await seedStudentSample(t.db, t.app.ctx.storage, t.clock.now())).toBe(true);
    expect(await seedStudentSample(t.db, t.app.ctx.storage, t.clock.now())).toBe(false);
    const count = async (table: 'stuCourse' | 'stuLesson' | 'stuQuestion' | 'stuPaper' | 'stuHazardScene' | 'stuTeam') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('stuCourse')).toBe(1);
    expect(await count('stuLesson')).toBe(4);
    expect(await count('stuQuestion')).toBe(20);
    expect(await count('stuPaper')).toBe(2);
    expect(await count('stuHazardScene')).toBe(2);
    expect(await count('stuTeam')).toBe(2);
  });

  it('gives every question options that agree with its type and stored answer', async () => {
    const questions = await t.db.selectFrom('stuQuestion').selectAll().execute();
    for (const q of questions) {
      const options = await t.db.selectFrom('stuQuestionOption').selectAll().where('questionId', '=', q.id).orderBy('sortNo').execute();
      const right = options.filter((o) => o.isCorrect).map((o) => o.label);
      expect(right.join(','), q.stem).toBe(q.answer);
      if (q.type === 'multi') expect(right.length, q.stem).toBeGreaterThanOrEqual(2);
      else expect(right.length, q.stem).toBe(1);
      if (q.type === 'judge') expect(options.map((o) => o.content)).toEqual(['正确', '错误']);
      expect(q.analysis).toBeTruthy();
    }
  });

  it('has enough questions for the rule-drawn test and a fixed five-question quiz', async () => {
    const rules = await t.db.selectFrom('stuPaperRule').selectAll().where('paperId', '=', SAMPLE_IDS.mixedTest).execute();
    for (const r of rules) {
      const available = await t.db.selectFrom('stuQuestion').select('id').where('type', '=', r.type!).execute();
      expect(available.length, r.type!).toBeGreaterThanOrEqual(r.questionCount);
    }
    const fixed = await t.db.selectFrom('stuPaperQuestion').select('score').where('paperId', '=', SAMPLE_IDS.quiz).execute();
    expect(fixed).toHaveLength(5);
    expect(fixed.reduce((s, q) => s + q.score, 0)).toBe(100);
  });

  it('draws hazard regions inside their pictures, in the stored coordinate forms', async () => {
    const regions = await t.db.selectFrom('stuHazardRegion').selectAll().execute();
    expect(regions).toHaveLength(7);
    const schema = { rect: rectCoords, circle: circleCoords, polygon: polygonCoords } as const;
    for (const r of regions) {
      expect(schema[r.shape as keyof typeof schema].safeParse(JSON.parse(r.coords)).success, r.title).toBe(true);
      expect(r.risk && r.fix, r.title).toBeTruthy();
    }
    const scene = await t.db.selectFrom('stuHazardScene').selectAll().where('id', '=', SAMPLE_IDS.kitchen).executeTakeFirstOrThrow();
    expect(scene).toMatchObject({ imageWidth: 800, imageHeight: 500, published: 1 });
  });

  it('stores the media so they can be read back: pictures as images, the video as a WebM file', async () => {
    const admin = await login(t.app);
    const scene = await t.db.selectFrom('stuHazardScene').select('image').where('id', '=', SAMPLE_IDS.kitchen).executeTakeFirstOrThrow();
    const picture = await t.app.inject({ method: 'GET', url: `/api/sys/common/view/${scene.image}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const video = await t.db.selectFrom('stuVideo').selectAll().executeTakeFirstOrThrow();
    expect(video.durationSeconds).toBe(10);
    const file = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${video.filePath}`, headers: auth(admin) });
    expect(file.statusCode).toBe(200);
    // EBML magic: a WebM container
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  });

  it('seeds the 危险预判 clip once, its two windows valid for its length, the video a WebM file', async () => {
    const admin = await login(t.app);
    expect(await seedSampleHazardClip(t.db, t.app.ctx.storage, t.clock.now())).toBe(false);
    const clip = await t.db.selectFrom('stuHazardClip').selectAll().where('id', '=', SAMPLE_IDS.hazardClip).executeTakeFirstOrThrow();
    expect(clip).toMatchObject({ durationSeconds: 12, published: 1, tenantId: 1000 });
    const windows = checkWindows(JSON.parse(clip.windowsJson!), clip.durationSeconds);
    expect(windows.map((w) => [w.start, w.end])).toEqual([
      [2, 5],
      [6.5, 10],
    ]);
    const file = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${clip.filePath}`, headers: auth(admin) });
    expect(file.rawPayload.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  });
});
