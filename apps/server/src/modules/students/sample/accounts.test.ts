import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, loginRaw, type TestApp } from '../../../../test/helpers/test-app';
import { hashPassword } from '../../../core/auth/password';
import { freezeSampleAccounts, SAMPLE_ACCOUNTS, seedSampleAccounts, type SeededAccount } from './accounts';
import { SAMPLE_IDS, seedStudentSample } from './seed';

// The sample is consistent, and DEMO_DATA=on gives its class a teacher and three students who can sign in.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let made: SeededAccount[] = [];

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

    made = await seedSampleAccounts(t.db, t.clock.now());
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

  it('with DEMO_DATA off later, freezes once the accounts whose password is still the printed one', async () => {
    const refusal = async (username: string, password: string) => (await loginRaw(t.app, username, password)).json().message as string;
    // the school kept demo_student2 and gave it a password of its own
    await t.db.updateTable('sysUser').set({ password: await hashPassword('Own#pass-2026') }).where('username', '=', 'demo_student2').execute();
    const off = await freezeSampleAccounts(t.db, t.clock.now());
    expect({ ...off, frozen: [...off.frozen].sort() }).toEqual({ frozen: ['demo_student1', 'demo_student3', 'demo_teacher'], unknown: [] });
    for (const a of made.filter((x) => x.username !== 'demo_student2')) expect(await refusal(a.username, a.password)).toBe('该用户已冻结');
    expect(await login(t.app, 'demo_student2', 'Own#pass-2026')).toBeTruthy();

    // once per install: an account an administrator unfreezes stays unfrozen at the next start
    await t.db.updateTable('sysUser').set({ status: 1 }).where('username', '=', 'demo_teacher').execute();
    expect(await freezeSampleAccounts(t.db, t.clock.now())).toEqual({ frozen: [], unknown: [] });
    expect(await login(t.app, 'demo_teacher', made.find((a) => a.username === 'demo_teacher')!.password)).toBeTruthy();
  });
});
