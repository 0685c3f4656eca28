import Database from 'better-sqlite3';
import type pg from 'pg';
import { randomBytes } from 'node:crypto';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀英华';

/**
 * Seeds `count` users straight through better-sqlite3 (one transaction, prepared statements): members of
 * tenant 1000, spread over the seeded departments, with creation times one second apart.
 */
export function seedUsers(sqliteFile: string, count: number, departIds: string[]): void {
  const db = new Database(sqliteFile);
  const user = db.prepare(
    `insert into sys_user (id, username, realname, password, sex, phone, email, work_no, status, del_flag, org_code, create_by, create_time)
     values (?, ?, ?, 'scrypt$16384$8$1$00$00', ?, ?, ?, ?, 1, 0, 'A01', 'admin', ?)`,
  );
  const member = db.prepare(`insert into sys_user_tenant (id, user_id, tenant_id, status) values (?, ?, 1000, '1')`);
  const depart = db.prepare(`insert into sys_user_depart (id, user_id, dep_id) values (?, ?, ?)`);
  const start = Date.UTC(2024, 0, 1) / 1000;
  const pad = (n: number) => String(n).padStart(2, '0');
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = randomBytes(16).toString('hex');
      const d = new Date((start + i) * 1000);
      const time = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
      const name = SURNAMES[i % SURNAMES.length] + GIVEN[(i * 7) % GIVEN.length] + GIVEN[(i * 13) % GIVEN.length];
      user.run(id, `user${i}`, name, (i % 2) + 1, `13${String(i).padStart(9, '0')}`, `user${i}@example.com`, `W${i}`, time);
      member.run(randomBytes(16).toString('hex'), id);
      depart.run(randomBytes(16).toString('hex'), id, departIds[i % departIds.length]);
    }
  })();
  db.close();
}

/**
 * The same users as seedUsers, generated inside PostgreSQL in `schema`, then vacuumed and analyzed, as
 * autovacuum leaves a table some time after a load (it is off on these machines' PostgreSQL): unvacuumed,
 * the first reads set every row's hint bits and write the pages back, and no scan is index-only (a
 * 1,000,000-user export took 73 s instead of 54-58).
 */
export async function seedUsersPostgres(client: pg.Client, schema: string, count: number, departIds: string[]): Promise<void> {
  await client.query(`set search_path = ${schema}`);
  await client.query(`
    insert into sys_user (id, username, realname, password, sex, phone, email, work_no, status, del_flag, org_code, create_by, create_time)
    select md5('u' || i), 'user' || i,
      substr('${SURNAMES}', i % 20 + 1, 1) || substr('${GIVEN}', (i * 7) % 20 + 1, 1) || substr('${GIVEN}', (i * 13) % 20 + 1, 1),
      'scrypt$16384$8$1$00$00', i % 2 + 1, '13' || lpad(i::text, 9, '0'), 'user' || i || '@example.com', 'W' || i, 1, 0, 'A01', 'admin',
      to_char(timestamp '2024-01-01' + i * interval '1 second', 'YYYY-MM-DD HH24:MI:SS')
    from generate_series(0, ${count - 1}) i`);
  await client.query(`insert into sys_user_tenant (id, user_id, tenant_id, status) select md5('t' || i), md5('u' || i), 1000, '1' from generate_series(0, ${count - 1}) i`);
  await client.query(
    `insert into sys_user_depart (id, user_id, dep_id) select md5('d' || i), md5('u' || i), ($1::text[])[i % ${departIds.length} + 1] from generate_series(0, ${count - 1}) i`,
    [departIds],
  );
  for (const table of ['sys_user', 'sys_user_tenant', 'sys_user_depart']) await client.query(`vacuum (analyze) ${table}`);
  await client.query('analyze');
  // the seed's dirty pages written now, not by the checkpointer during the step measured next
  await client.query('checkpoint');
}
