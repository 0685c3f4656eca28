import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { JOB_CLASS } from './handlers';
import { seedDefaultJobs } from './seed';

// A fresh install cleans up after itself: the nightly clean-up job is there, started, once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('default jobs', () => {
  it('seeds the nightly clean-up started, once; a deleted one stays deleted', async () => {
    const now = new Date(2026, 10, 24, 21, 30, 0);
    expect(await seedDefaultJobs(t.db, now)).toBe(true);
    const jobs = await t.db.selectFrom('sysQuartzJob').selectAll().where('jobClassName', '=', JOB_CLASS.cleanup).execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 0, cronExpression: '0 0 3 * * ? *', parameter: '30', nextFireTime: '2026-11-25 03:00:00' });
    await t.db.deleteFrom('sysQuartzJob').where('id', '=', jobs[0]!.id).execute();
    expect(await seedDefaultJobs(t.db, now)).toBe(false);
    expect(await t.db.selectFrom('sysQuartzJob').select('id').where('jobClassName', '=', JOB_CLASS.cleanup).execute()).toHaveLength(0);
  });
});
