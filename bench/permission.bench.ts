// getUserPermissionByToken for a user holding 500 menus and buttons, loaded from a second process,
// beside a bare route of the same server answering the same JSON from memory (the baseline).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/core/auth';
import { connectDatabase, migrateToLatest, newId, seedDatabase } from '../apps/server/src/core/db';
import { loadFromSecondProcess } from './lib/load';
import { report } from './lib/report';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-perm-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'Bench#2026-pass', LOGIN_CAPTCHA: 'off', WEB_DIST: join(dataDir, 'none') });
const handle = connectDatabase({ sqliteFile: config.sqliteFile });
await migrateToLatest(handle.db);
await seedDatabase(handle.db, { adminPassword: config.adminPassword });

// 100 menus (20 top, 80 sub) and 400 buttons, all granted to one role of one user.
const roleId = newId();
const userId = newId();
await handle.db.transaction().execute(async (trx) => {
  await trx.insertInto('sysUser').values({ id: userId, username: 'bench', realname: '压测', password: await hashPassword('Bench#2026-user'), status: 1 }).execute();
  await trx.insertInto('sysRole').values({ id: roleId, roleCode: 'bench', roleName: '压测' }).execute();
  await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
  const grant = async (p: Record<string, unknown>) => {
    const id = newId();
    await trx.insertInto('sysPermission').values({ id, ...p } as any).execute();
    await trx.insertInto('sysRolePermission').values({ id: newId(), roleId, permissionId: id }).execute();
    return id;
  };
  for (let t = 0; t < 20; t++) {
    const top = await grant({ name: `模块${t}`, url: `/m${t}`, component: 'layouts/RouteView', menuType: 0, sortNo: t });
    for (let s = 0; s < 4; s++) {
      const sub = await grant({ parentId: top, name: `页面${t}-${s}`, url: `/m${t}/p${s}`, component: 'dashboard/Workplace', menuType: 1, sortNo: s, keepAlive: 1 });
      for (let b = 0; b < 5; b++) await grant({ parentId: sub, name: `按钮${b}`, menuType: 2, perms: `m${t}:p${s}:b${b}`, permsType: '1', sortNo: b });
    }
  }
});

const app = await buildApp(config, { database: handle, logger: false });
let cached = '';
app.get('/api/bench/bare', { config: { public: true } }, async (_req, reply) => reply.type('application/json').send(cached));
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const login = await (await fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'Bench#2026-user' }) })).json();
const token = login.result.token as string;
const first = await fetch(`${base}/api/sys/permission/getUserPermissionByToken`, { headers: { 'x-access-token': token } });
cached = await first.text();
const parsed = JSON.parse(cached);
const count = (items: Array<{ children?: unknown[] }>): number => items.reduce((n, m) => n + 1 + count((m.children ?? []) as any), 0);
console.log(`menus in the answer: ${count(parsed.result.menu)}, buttons: ${parsed.result.auth.length}, bytes: ${cached.length}`);

const headers = { 'x-access-token': token };
await loadFromSecondProcess(`${base}/api/sys/permission/getUserPermissionByToken`, { headers, seconds: 2 }); // warm-up
const bare = await loadFromSecondProcess(`${base}/api/bench/bare`, { headers, seconds: 10 });
const real = await loadFromSecondProcess(`${base}/api/sys/permission/getUserPermissionByToken`, { headers, seconds: 10 });
if (real.non2xx || real.errors) console.log(`warning: ${real.non2xx} non-2xx, ${real.errors} errors`);

report('permission', [
  { name: 'getUserPermissionByToken requests/s (500 menus and buttons)', value: real.rps, unit: 'req/s', baseline: bare.rps },
  { name: 'getUserPermissionByToken p99 latency', value: real.p99, unit: 'ms', baseline: bare.p99, aim: '< 20 ms' },
  { name: 'getUserPermissionByToken p50 latency', value: real.p50, unit: 'ms', baseline: bare.p50 },
]);

await app.close();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
