import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { SAMPLE_ACCOUNTS, seedSampleAccounts } from './accounts';
import { SAMPLE_IDS, seedStudentSample } from './seed';

// The sample is consistent, and DEMO_DATA=on gives its class a teacher and three students who can sign in.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sample class and demo accounts', () => {
  it('has no demo accounts before the sample is seeded (DEMO_DATA=off seeds neither)', async () => {
    expect(await t.db.selectFrom('sysUser').select('id').where('username', 'like', 'demo_%').execute()).toEqual([]);
    expect(await seedSampleAccounts(t.db, t.clock.now())).toEqual([]);
  });

  it('puts 三年级一班 in 三年级, its papers add up to 100 with a pass mark inside, and seats the demo accounts once', async () => {
    await seedStudentSample(t.db, t.app.ctx.storage, t.clock.now());
    const klass = await t.db.selectFrom('stuClass').selectAll().where('id', '=', SAMPLE_IDS.demoClass).executeTakeFirstOrThrow();
    expect([klass.name, klass.grade]).toEqual(['三年级一班', '3']);
    const rules = await t.db.selectFrom('stuPaperRule').select(['questionCount', 'score']).where('paperId', '=', SAMPLE_IDS.mixedTest).execute();
    expect(rules.reduce((s, r) => s + r.questionCount * r.score, 0)).toBe(100);
    for (const id of [SAMPLE_IDS.quiz, SAMPLE_IDS.mixedTest]) {
      const paper = await t.db.selectFrom('stuPaper').select('passScore').where('id', '=', id).executeTakeFirstOrThrow();
      expect(paper.passScore).toBeGreaterThan(0);
      expect(paper.passScore).toBeLessThanOrEqual(100);
    }

    const made = await seedSampleAccounts(t.db, t.clock.now());
    expect(made.map((a) => a.username)).toEqual(SAMPLE_ACCOUNTS.map((a) => a.username));
    for (const a of made) expect(await login(t.app, a.username, a.password)).toBeTruthy();
    const members = await t.db.selectFrom('stuClassMember as m').innerJoin('sysUser as u', 'u.id', 'm.userId').select(['u.username', 'm.memberRole']).where('m.classId', '=', SAMPLE_IDS.demoClass).orderBy('u.username').execute();
    expect(members).toEqual([
      { username: 'demo_student1', memberRole: 'student' },
      { username: 'demo_student2', memberRole: 'student' },
      { username: 'demo_student3', memberRole: 'student' },
      { username: 'demo_teacher', memberRole: 'teacher' },
    ]);
    // once per install: a second start prints nothing
    expect(await seedSampleAccounts(t.db, t.clock.now())).toEqual([]);
  });
});
