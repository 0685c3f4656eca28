// The server tests that say SQL differently per database, once more on MySQL/MariaDB (TEST_MYSQL_URL):
// each file builds its app on a fresh database there, as it does on PostgreSQL with TEST_DATABASE_URL.
// Every server test runs there (about 3.5 minutes on 2 cores), so CI proves all three databases;
// `--quick` runs only the files that say SQL differently per database. Without TEST_MYSQL_URL: nothing.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const url = process.env.TEST_MYSQL_URL;
// a report left by an earlier run is not this run's
rmSync('.tmp/mariadb.json', { force: true });
if (!url) {
  console.log('test:mariadb: TEST_MYSQL_URL is not set; skipped');
  process.exit(0);
}
// migrations, queries, import/export; online forms, reports and their SQL; counters, codes, locks,
// upserts and row locks of the student area; the original client's calls
const DATABASE_HEAVY = [
  'src/core/crud',
  'src/core/db',
  'src/core/query',
  'src/modules/online',
  'src/modules/students',
  'src/modules/system/account',
  'src/modules/system/category',
  'src/modules/system/fillrule',
  'src/modules/system/tenant',
  'src/modules/system/user',
  'src/modules/monitor',
  'test/contract',
  // two nodes on one database and one Redis: sessions, captchas, lock-outs, permission changes and
  // announcement pushes seen by both
  'test/nodes-shared-state.test.ts',
  'src/modules/notice/nodes.test.ts',
];
const all = !process.argv.includes('--quick');
const args = ['vitest', 'run', '--project', 'server', ...(all ? [] : DATABASE_HEAVY), '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/mariadb.json'];
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
process.exit(run.status ?? 1);
