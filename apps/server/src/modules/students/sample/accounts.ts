import { createHash } from 'node:crypto';
import { STUDENT_ROLE, TEACHER_ROLE } from '@anxue/shared';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';
import { hashPassword, randomPassword } from '../../../core/auth/password';
import { SAMPLE_IDS } from './seed';

// With DEMO_DATA on, the sample class has a teacher and three students an evaluator can sign in as. Each
// password is random and answered once, for the start-up log (as the administrator's): no known password
// ships with the product. Seeded once per install, after the sample; an account name already taken is skipped.
// The install's marker keeps a fingerprint of each account's password hash as seeded: with DEMO_DATA off
// later, an account still holding that password (the one a log once showed) is frozen.

const MARKER = 'seeded:students.sample.accounts';
const TENANT = 1000;

export const SAMPLE_ACCOUNTS = [
  { username: 'demo_teacher', realname: '示范老师', role: TEACHER_ROLE, memberRole: 'teacher' },
  { username: 'demo_student1', realname: '示范学生一', role: STUDENT_ROLE, memberRole: 'student' },
  { username: 'demo_student2', realname: '示范学生二', role: STUDENT_ROLE, memberRole: 'student' },
  { username: 'demo_student3', realname: '示范学生三', role: STUDENT_ROLE, memberRole: 'student' },
] as const;

/** A short fingerprint of a stored password hash (the marker's column holds 500 characters): a new password, with its new salt, changes it. */
const fingerprint = (hash: string | null) => createHash('sha256').update(hash ?? '').digest('hex').slice(0, 24);

export interface SeededAccount {
  username: string;
  realname: string;
  password: string;
}

/** Creates the sample class's demo accounts unless done before on this install; answers them with their passwords (empty when nothing was made). */
export async function seedSampleAccounts(db: Db, now: Date): Promise<SeededAccount[]> {
  if (await db.selectFrom('sysInstall').select('key').where('key', '=', MARKER).executeTakeFirst()) return [];
  const klass = await db.selectFrom('stuClass').select('id').where('id', '=', SAMPLE_IDS.demoClass).where('tenantId', '=', TENANT).executeTakeFirst();
  if (!klass) return [];
  const time = formatDateTime(now);
  const audit = { createBy: 'system', createTime: time };
  const passwords = new Map<string, { password: string; hash: string }>();
  for (const a of SAMPLE_ACCOUNTS) {
    const password = randomPassword(12);
    passwords.set(a.username, { password, hash: await hashPassword(password) });
  }
  const made: SeededAccount[] = [];
  await db.transaction().execute(async (trx) => {
    const seededHashes = JSON.stringify(Object.fromEntries([...passwords].map(([username, p]) => [username, fingerprint(p.hash)])));
    const claimed = await trx.insertInto('sysInstall').values({ key: MARKER, value: seededHashes, createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return;
    const roles = new Map((await trx.selectFrom('sysRole').select(['id', 'roleCode']).where('tenantId', '=', TENANT).execute()).map((r) => [r.roleCode, r.id]));
    const taken = new Set((await trx.selectFrom('sysUser').select('username').where('username', 'in', SAMPLE_ACCOUNTS.map((a) => a.username)).execute()).map((u) => u.username));
    for (const a of SAMPLE_ACCOUNTS.filter((x) => !taken.has(x.username))) {
      const userId = newId();
      const { password, hash } = passwords.get(a.username)!;
      await trx
        .insertInto('sysUser')
        .values({ id: userId, username: a.username, realname: a.realname, password: hash, status: 1, delFlag: 0, loginTenantId: TENANT, userIdentity: 1, ...audit })
        .execute();
      await trx.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId: TENANT, status: '1', ...audit }).execute();
      const roleId = roles.get(a.role);
      if (roleId) await trx.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
      await trx.insertInto('stuClassMember').values({ id: newId(), classId: klass.id, userId, memberRole: a.memberRole, tenantId: TENANT }).execute();
      made.push({ username: a.username, realname: a.realname, password });
    }
  });
  return made;
}

/** What a start with the sample off did to the demo accounts. */
export interface DemoAccountsOff {
  /** frozen now: their password was still the one the start-up log showed */
  frozen: string[];
  /** still able to sign in, seeded before the seeded passwords were kept: whether theirs changed is unknown */
  unknown: string[];
}

const FROZEN_MARKER = 'done:students.sample.accounts.frozen';

/**
 * On the first start with DEMO_DATA off (or SAMPLE_CONTENT off) after the demo accounts were made: those
 * that can still sign in with the password their seeding printed are frozen, so an install tried with the
 * demo and then put to real use does not keep accounts whose passwords sit in a log. One whose password
 * was changed is left alone. Done once per install: an account an administrator unfreezes in 用户管理 stays so.
 */
export async function freezeSampleAccounts(db: Db, now: Date): Promise<DemoAccountsOff> {
  const marker = await db.selectFrom('sysInstall').select('value').where('key', '=', MARKER).executeTakeFirst();
  if (!marker) return { frozen: [], unknown: [] };
  const claimed = await db
    .insertInto('sysInstall')
    .values({ key: FROZEN_MARKER, value: '1', createTime: formatDateTime(now) })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (!Number(claimed.numInsertedOrUpdatedRows ?? 1)) return { frozen: [], unknown: [] };
  let seeded: Record<string, string> | null = null;
  try {
    const parsed: unknown = JSON.parse(marker.value ?? '');
    if (parsed && typeof parsed === 'object') seeded = parsed as Record<string, string>;
  } catch {
    // seeded by an earlier version, which kept no hashes
  }
  const active = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'password'])
    .where('username', 'in', SAMPLE_ACCOUNTS.map((a) => a.username))
    .where('status', '=', 1)
    .where('delFlag', '=', 0)
    .where('createBy', '=', 'system')
    .execute();
  if (!seeded) return { frozen: [], unknown: active.map((u) => u.username) };
  const untouched = active.filter((u) => typeof seeded[u.username] === 'string' && fingerprint(u.password) === seeded[u.username]);
  if (untouched.length) {
    await db
      .updateTable('sysUser')
      .set({ status: 2, updateBy: 'system', updateTime: formatDateTime(now) })
      .where('id', 'in', untouched.map((u) => u.id))
      .where('status', '=', 1)
      .execute();
  }
  return { frozen: untouched.map((u) => u.username), unknown: [] };
}
