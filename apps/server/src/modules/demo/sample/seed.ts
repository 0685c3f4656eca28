import type { Db } from '../../../core/db';
import { formatDateTime, newId, seedId } from '../../../core/db';
import { UNKNOWN_PASSWORD_HASH } from '../../system/user/user-admin';

// Demo data of a fresh install (issue 19), so its pages are not empty: departments under 总公司, people with
// departments, positions and roles, positions, and orders with lines. Once per install (a marker) and
// never over existing data: each part is skipped when its table already holds rows of the tenant (or the
// account or department code is taken). The people cannot sign in (an unknown password) until an
// administrator sets one: a known demo password would be a door left open.

const MARKER = 'seeded:demo.data';
const TENANT = 1000;
const BY = 'system';

const DEPARTS = [
  { key: 'demo.depart.A01A02', departName: '市场部', orgCode: 'A01A02', departOrder: 1 },
  { key: 'demo.depart.A01A03', departName: '财务部', orgCode: 'A01A03', departOrder: 2 },
  { key: 'demo.depart.A01A04', departName: '教务处', orgCode: 'A01A04', departOrder: 3 },
];

const POSITIONS = [
  { code: 'GM', name: '总经理', postRank: '5' },
  { code: 'MANAGER', name: '部门经理', postRank: '4' },
  { code: 'ENGINEER', name: '工程师', postRank: '3' },
  { code: 'TEACHER', name: '教师', postRank: '3' },
  { code: 'CLERK', name: '专员', postRank: '2' },
];

const PEOPLE = [
  { username: 'zhangwei', realname: '张伟', sex: 1, orgCode: 'A01A01', post: 'ENGINEER', role: 'edu_editor', phone: '13800000101' },
  { username: 'liuyang', realname: '刘洋', sex: 2, orgCode: 'A01A02', post: 'MANAGER', role: 'edu_editor', phone: '13800000102' },
  { username: 'chenjing', realname: '陈静', sex: 2, orgCode: 'A01A04', post: 'TEACHER', role: 'teacher', phone: '13800000103' },
  { username: 'wangqiang', realname: '王强', sex: 1, orgCode: 'A01A04', post: 'TEACHER', role: 'teacher', phone: '13800000104' },
  { username: 'lixiaoming', realname: '李小明', sex: 1, orgCode: 'A01A04', post: null, role: 'student', phone: null },
  { username: 'zhaoxue', realname: '赵雪', sex: 2, orgCode: 'A01A04', post: null, role: 'student', phone: null },
];

const ORDERS = [
  { code: 'DD202601001', customer: '北京安信科技有限公司', date: '2026-01-12', lines: [['灭火器（4kg）', 120, 20], ['应急灯', 85, 12]] },
  { code: 'DD202602017', customer: '上海启明学校', date: '2026-02-23', lines: [['安全教育课程授权（年）', 6800, 1]] },
  { code: 'DD202603005', customer: '广州顺达物流', date: '2026-03-08', lines: [['反光背心', 25, 60], ['安全帽', 48, 60], ['急救包', 150, 10]] },
] as const;

/** Seeds the demo data unless it was seeded before on this install. Returns whether it did. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  const done = await db.selectFrom('sysInstall').select('key').where('key', '=', MARKER).executeTakeFirst();
  if (done) return false;
  const root = await db.selectFrom('sysDepart').select(['id', 'tenantId']).where('orgCode', '=', 'A01').executeTakeFirst();
  const tenant = await db.selectFrom('sysTenant').select('id').where('id', '=', TENANT).executeTakeFirst();
  if (!tenant || !root) return false;

  const time = formatDateTime(now);
  const audit = { createBy: BY, createTime: time };
  await db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sysInstall').values({ key: MARKER, value: '1', createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return;

    const takenCodes = new Set((await trx.selectFrom('sysDepart').select('orgCode').where('orgCode', 'in', DEPARTS.map((d) => d.orgCode)).execute()).map((d) => d.orgCode));
    for (const d of DEPARTS.filter((x) => !takenCodes.has(x.orgCode))) {
      await trx
        .insertInto('sysDepart')
        .values({ id: seedId(d.key), parentId: root.id, departName: d.departName, orgCode: d.orgCode, orgCategory: '2', departOrder: d.departOrder, status: '1', izLeaf: 1, tenantId: TENANT, ...audit })
        .execute();
    }
    if (DEPARTS.some((d) => !takenCodes.has(d.orgCode))) await trx.updateTable('sysDepart').set({ izLeaf: 0 }).where('id', '=', root.id).execute();

    const positions = await trx.selectFrom('sysPosition').select('id').where('tenantId', '=', TENANT).executeTakeFirst();
    if (!positions) {
      await trx
        .insertInto('sysPosition')
        .values(POSITIONS.map((p) => ({ id: seedId(`demo.position.${p.code}`), code: p.code, name: p.name, postRank: p.postRank, sysOrgCode: 'A01', tenantId: TENANT, ...audit })))
        .execute();
    }

    const departs = new Map((await trx.selectFrom('sysDepart').select(['id', 'orgCode']).execute()).map((d) => [d.orgCode, d.id]));
    const roles = new Map((await trx.selectFrom('sysRole').select(['id', 'roleCode']).where('tenantId', '=', TENANT).execute()).map((r) => [r.roleCode, r.id]));
    const takenNames = new Set((await trx.selectFrom('sysUser').select('username').where('username', 'in', PEOPLE.map((p) => p.username)).execute()).map((u) => u.username));
    const takenPhones = new Set((await trx.selectFrom('sysUser').select('phone').where('phone', 'in', PEOPLE.flatMap((p) => (p.phone ? [p.phone] : []))).execute()).map((u) => u.phone));
    for (const p of PEOPLE.filter((x) => !takenNames.has(x.username))) {
      const userId = newId();
      await trx
        .insertInto('sysUser')
        .values({
          id: userId, username: p.username, realname: p.realname, sex: p.sex, password: UNKNOWN_PASSWORD_HASH(), status: 1, delFlag: 0, orgCode: p.orgCode,
          post: p.post, phone: p.phone && !takenPhones.has(p.phone) ? p.phone : null, loginTenantId: TENANT, userIdentity: 1, ...audit,
        })
        .execute();
      await trx.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId: TENANT, status: '1', ...audit }).execute();
      const depId = departs.get(p.orgCode);
      if (depId) await trx.insertInto('sysUserDepart').values({ id: newId(), userId, depId }).execute();
      const roleId = roles.get(p.role);
      if (roleId) await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
    }

    const orders = await trx.selectFrom('demoOrder').select('id').where('tenantId', '=', TENANT).executeTakeFirst();
    if (!orders) {
      for (const o of ORDERS) {
        const orderId = seedId(`demo.order.${o.code}`);
        const amount = o.lines.reduce((sum, [, price, qty]) => sum + price * qty, 0);
        await trx.insertInto('demoOrder').values({ id: orderId, orderCode: o.code, customer: o.customer, orderDate: o.date, amount, sysOrgCode: 'A01', tenantId: TENANT, ...audit }).execute();
        await trx
          .insertInto('demoOrderLine')
          .values(o.lines.map(([product, price, quantity], i) => ({ id: newId(), orderId, product, price, quantity, lineDate: o.date, orderNum: i + 1 })))
          .execute();
      }
    }
  });
  return true;
}
