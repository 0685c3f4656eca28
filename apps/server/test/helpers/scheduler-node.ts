// One scheduler node for the two-process test: the shipped job handlers on the database named by
// DATABASE_URL and PG_SEARCH_PATH, ticking on the real clock for RUN_MS, then stopping and exiting.
import { connectDatabase, systemClock } from '../../src/core/db';
import type { AppContext } from '../../src/core/context';
import { Scheduler } from '../../src/core/scheduler';
import { shippedJobs } from '../../src/modules/quartz/handlers';

const handle = connectDatabase({ databaseUrl: process.env.DATABASE_URL!, pgSearchPath: process.env.PG_SEARCH_PATH, poolSize: 2 });
// the scheduler reads only the database and the clock of the app's context
const ctx = { db: handle.db, clock: systemClock } as unknown as AppContext;
const scheduler = new Scheduler(ctx, shippedJobs(), { error: (o, m) => console.error(m, o), warn: (o, m) => console.error(m, o) }, process.env.NODE_NAME);
scheduler.start();
process.stdout.write('ready\n');
setTimeout(async () => {
  await scheduler.stop();
  await handle.close();
  process.exit(0);
}, Number(process.env.RUN_MS ?? 10_000));
// stay alive: the scheduler's own timer does not hold the process open
setInterval(() => undefined, 1000);
