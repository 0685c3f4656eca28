import type { Kysely } from 'kysely';
import { ResourceError, type Caller } from '../../../core/crud';
import { loadPermissionCodes } from '../../../core/access/permissions';
import { PermissionError } from '../../../core/errors';
import { issueFirstPasswords } from './first-password';
import { gradeNamer } from './import';

// 打印登录卡 and a teacher's reset: new first passwords for students of one class, shown once. Allowed to
// the class's teachers and to holders of the class-management right, within the caller's tenant. A student
// account holding a right the caller lacks is refused (a class must not be a way to take over an account).

/** The class-management right that may print cards and reset passwords of any class of the tenant. */
export const CLASS_MANAGE_PERMISSION = 'students:class:edit';

export interface LoginCard {
  userId: string;
  realname: string | null;
  username: string;
  password: string;
}

async function classOf(db: Kysely<any>, caller: Caller, classId: string) {
  const cls = await db.selectFrom('stuClass').select(['id', 'name', 'grade']).where('id', '=', classId).where('tenantId', '=', caller.tenantId).executeTakeFirst();
  if (!cls) throw new ResourceError('班级不存在');
  const codes = (await caller.permissions?.()) ?? new Set<string>();
  if (codes.has(CLASS_MANAGE_PERMISSION)) return cls;
  const teaches = await db.selectFrom('stuClassMember').select('id').where('classId', '=', classId).where('userId', '=', caller.id).where('memberRole', '=', 'teacher').executeTakeFirst();
  if (!teaches) throw new PermissionError();
  return cls;
}

/**
 * New first passwords for students of a class: those named, else every student who has not yet chosen
 * their own. The must-change flag stays set; the passwords are answered this once.
 */
export async function printLoginCards(
  db: Kysely<any>,
  caller: Caller,
  input: { classId: string; userIds?: string[] },
  at: string,
  endSessions: (userId: string, username: string) => Promise<void>,
) {
  const cls = await classOf(db, caller, input.classId);
  let q = db
    .selectFrom('stuClassMember as m')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['u.id', 'u.username', 'u.realname'])
    .where('m.classId', '=', cls.id)
    .where('m.memberRole', '=', 'student')
    .where('u.delFlag', '=', 0)
    .orderBy('u.username');
  if (input.userIds) {
    if (!input.userIds.length) throw new ResourceError('请选择学生');
    q = q.where('u.id', 'in', input.userIds);
  } else q = q.where('u.pwdMustChange', '=', 1);
  const students = await q.execute();
  if (input.userIds && students.length !== new Set(input.userIds).size) throw new ResourceError('所选用户不是本班学生');
  if (students.some((s) => s.id === caller.id)) throw new ResourceError('不能重置当前登录用户的密码，请在个人设置中修改');
  const mine = (await caller.permissions?.()) ?? new Set<string>();
  for (const s of students) {
    const theirs = await loadPermissionCodes(db as any, s.id);
    if ([...theirs].some((c) => !mine.has(c))) throw new ResourceError(`不能重置权限多于您的用户“${s.username}”的密码`);
  }
  const passwords = await issueFirstPasswords(db, students.map((s) => s.id), caller.username, at);
  for (const s of students) await endSessions(s.id, s.username);
  const cards: LoginCard[] = students.map((s) => ({ userId: s.id, realname: s.realname, username: s.username, password: passwords.get(s.id)! }));
  // the grade as the card prints it: the dictionary's text
  return { classId: cls.id, className: cls.name, grade: (await gradeNamer(db))(cls.grade), cards };
}
