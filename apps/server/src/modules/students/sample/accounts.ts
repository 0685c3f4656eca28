import { STUDENT_ROLE, TEACHER_ROLE } from '@anxue/shared';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';
import { hashPassword, randomPassword } from '../../../core/auth/password';
import { SAMPLE_IDS } from './seed';

// With DEMO_DATA on, the sample class has a teacher and three students an evaluator can sign in as. Each
// password is random and answered once, for the start-up log (as the administrator's): no known password
// ships with the product. Seeded once per install, after the sample; an account name already taken is skipped.

const MARKER = 'seeded:students.sample.accounts';
const TENANT = 1000;

export const SAMPLE_ACCOUNTS = [
  { username: 'demo_teacher', realname: '示范老师', role: TEACHER_ROLE, memberRole: 'teacher' },
  { username: 'demo_student1', realname: '示范学生一', role: STUDENT_ROLE, memberRole: 'student' },
  { username: 'demo_student2', realname: '示范学生二', role: STUDENT_ROLE, memberRole: 'student' },
  { username: 'demo_student3', realname: '示范学生三', role: STUDENT_ROLE, memberRole: 'student' },
] as const;

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
    const claimed = await trx.insertInto('sysInstall').values({ key: MARKER, value: '1', createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
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
