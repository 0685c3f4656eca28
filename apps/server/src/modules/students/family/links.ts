// Linking parents to children: by the roster's parent phone (a parent signing in by SMS code) or by a
// one-time code a class's teacher gives the family. A child has at most MAX_PARENTS parents; every link
// carries the child's tenant, and every read of a parent goes through linkedChild.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { MAX_PARENTS, PARENT_CODE_ALPHABET, PARENT_CODE_LENGTH, PARENT_ROLE } from '@anxue/shared/family';
import { hashPassword } from '../../../core/auth';
import { ResourceError } from '../../../core/crud';
import { formatDateTime, isUniqueViolation, newId, type Db } from '../../../core/db';
import { lockRow } from '../study/common';

export const FULL = '该学生已关联两位家长，不能再关联';
export const NOT_YOUR_CHILD = '只能查看自己孩子的信息';
export const WRONG_CODE = '关联码无效或已过期';
export const TOO_MANY_GUESSES = '关联码错误次数过多，请一小时后再试';
export const NOT_A_PARENT = '只有家长账号可以关联孩子';
export const NO_PARENT_ROLE = '当前租户没有家长角色（parent），请联系管理员';
/** Wrong codes one user may type in an hour. */
export const GUESS_LIMIT = 10;

/** What a parent typed, as hashed: upper case, spaces and dashes dropped. */
export const normaliseParentCode = (raw: string) => raw.toUpperCase().replace(/[\s-]/g, '');
export const hashParentCode = (code: string) => createHash('sha256').update(normaliseParentCode(code)).digest('hex');

/** A fresh code, 8 of 31 letters (about 40 bits), shown as XXXX-XXXX. */
export function newParentCode(): string {
  let s = '';
  for (let i = 0; i < PARENT_CODE_LENGTH; i++) s += PARENT_CODE_ALPHABET[randomInt(PARENT_CODE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

export const parentRoleOf = (db: Db, tenantId: number) => db.selectFrom('sysRole').select('id').where('roleCode', '=', PARENT_ROLE).where('tenantId', '=', tenantId).executeTakeFirst();

export type LinkOutcome = 'linked' | 'already' | 'full' | 'unlinked';

/**
 * Links a parent to a child in the child's tenant, unless the child already has MAX_PARENTS or (by the
 * phone) the parent was taken off this child. Run inside
 * a transaction: the child's account row is locked first (PostgreSQL, MySQL), so two parents linking at
 * once cannot both be the third.
 */
export async function linkChild(trx: Db, dialect: string, link: { parentId: string; studentId: string; tenantId: number; via: 'phone' | 'code'; at: string }): Promise<LinkOutcome> {
  await lockRow(trx.selectFrom('sysUser').select('id').where('id', '=', link.studentId), dialect).executeTakeFirst();
  // the class's teacher took this parent off the child: the phone does not bring them back; a new code from the teacher does
  if (link.via === 'phone' && (await trx.selectFrom('stuParentUnlink').select('id').where('parentId', '=', link.parentId).where('studentId', '=', link.studentId).executeTakeFirst())) return 'unlinked';
  const parents = await trx.selectFrom('stuParentLink').select('parentId').where('studentId', '=', link.studentId).execute();
  if (parents.some((p) => p.parentId === link.parentId)) return 'already';
  if (parents.length >= MAX_PARENTS) return 'full';
  await trx.insertInto('stuParentLink').values({ id: newId(), tenantId: link.tenantId, parentId: link.parentId, studentId: link.studentId, via: link.via, createTime: link.at }).execute();
  await trx.deleteFrom('stuParentUnlink').where('parentId', '=', link.parentId).where('studentId', '=', link.studentId).execute();
  return 'linked';
}

/** The active students whose roster parent phone is this number, in active tenants that have a 家长 role. */
export async function rosterChildren(db: Db, phone: string) {
  return db
    .selectFrom('stuStudent as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .innerJoin('sysTenant as t', 't.id', 's.tenantId')
    .innerJoin('sysRole as r', (j) => j.onRef('r.tenantId', '=', 's.tenantId').on('r.roleCode', '=', PARENT_ROLE))
    .select(['s.userId as studentId', 's.tenantId', 'u.realname', 'r.id as roleId'])
    .where('s.parentPhone', '=', phone)
    .where('u.delFlag', '=', 0)
    .where('u.status', '=', 1)
    .where('t.status', '=', 1)
    .orderBy('s.tenantId')
    .orderBy('s.studentNo')
    .execute();
}

/** May an account be made for this number at its first phone sign-in: nobody holds it, and it is some child's parent phone. */
export async function canCreateParent(db: Db, phone: string): Promise<boolean> {
  if (await db.selectFrom('sysUser').select('id').where('phone', '=', phone).executeTakeFirst()) return false;
  return (await rosterChildren(db, phone)).length > 0;
}

/**
 * The parent account of a number no account holds, made at its first verified phone sign-in: a member with
 * the 家长 role of each tenant where the number is a child's roster parent phone, linked to those children.
 * Answers its id, or null when the number matches no child (or someone else took it meanwhile).
 */
export async function createParent(db: Db, dialect: string, phone: string, now: Date): Promise<string | null> {
  const children = await rosterChildren(db, phone);
  if (!children.length) return null;
  const at = formatDateTime(now);
  const taken = new Set((await db.selectFrom('sysUser').select('username').where('username', 'in', [phone, `parent_${phone}`]).execute()).map((u) => u.username));
  const username = [phone, `parent_${phone}`].find((n) => !taken.has(n)) ?? `parent_${newId().slice(0, 12)}`;
  // a parent signs in by SMS code; the password is random and never told
  const password = await hashPassword(randomBytes(24).toString('base64url'));
  const id = newId();
  const tenants = [...new Map(children.map((c) => [c.tenantId, c.roleId])).entries()];
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysUser')
        .values({ id, username, realname: `${children[0]!.realname || username}家长`, password, phone, status: 1, delFlag: 0, loginTenantId: tenants[0]![0], createBy: 'phone', createTime: at })
        .execute();
      for (const [tenantId, roleId] of tenants) {
        await trx.insertInto('sysUserTenant').values({ id: newId(), userId: id, tenantId, status: '1', createBy: 'phone', createTime: at }).execute();
        await trx.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId, tenantId }).execute();
      }
      for (const c of children) await linkChild(trx, dialect, { parentId: id, studentId: c.studentId, tenantId: c.tenantId, via: 'phone', at });
    });
  } catch (err) {
    // the same number signing in twice at once: the other request made the account
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return id;
}

/** At a parent's phone sign-in: links children whose roster parent phone is the number, in the tenants where the account is a 家长. */
export async function linkByPhone(db: Db, dialect: string, userId: string, phone: string, now: Date): Promise<void> {
  const roles = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.tenantId')
    .where('ur.userId', '=', userId)
    .where('r.roleCode', '=', PARENT_ROLE)
    .execute();
  if (!roles.length) return;
  const tenants = new Set(roles.map((r) => Number(r.tenantId)));
  const linked = new Set((await db.selectFrom('stuParentLink').select('studentId').where('parentId', '=', userId).execute()).map((l) => l.studentId));
  const fresh = (await rosterChildren(db, phone)).filter((c) => tenants.has(Number(c.tenantId)) && !linked.has(c.studentId));
  if (!fresh.length) return;
  const at = formatDateTime(now);
  await db.transaction().execute(async (trx) => {
    for (const c of fresh) await linkChild(trx, dialect, { parentId: userId, studentId: c.studentId, tenantId: c.tenantId, via: 'phone', at });
  });
}

/** The caller's linked child in the caller's tenant, or a refusal (another child's id, or another tenant's). */
export async function linkedChild(db: Db, parent: { id: string; tenantId: number }, childId: string) {
  const child = await db
    .selectFrom('stuParentLink as l')
    .innerJoin('sysUser as u', 'u.id', 'l.studentId')
    .select(['u.id', 'u.realname', 'u.username', 'l.tenantId'])
    .where('l.parentId', '=', parent.id)
    .where('l.studentId', '=', childId)
    .where('l.tenantId', '=', parent.tenantId)
    .where('u.delFlag', '=', 0)
    .executeTakeFirst();
  if (!child) throw new ResourceError(NOT_YOUR_CHILD);
  return { id: child.id, realname: child.realname || child.username, tenantId: Number(child.tenantId) };
}

/** Takes a parent off a child: the link goes, and a record keeps the parent phone from linking them again. */
export async function unlinkChild(db: Db, link: { parentId: string; studentId: string; tenantId: number; by: string; at: string }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('stuParentLink').where('parentId', '=', link.parentId).where('studentId', '=', link.studentId).where('tenantId', '=', link.tenantId).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return false;
    await trx.deleteFrom('stuParentUnlink').where('parentId', '=', link.parentId).where('studentId', '=', link.studentId).execute();
    await trx.insertInto('stuParentUnlink').values({ id: newId(), tenantId: link.tenantId, parentId: link.parentId, studentId: link.studentId, unlinkBy: link.by, unlinkTime: link.at }).execute();
    return true;
  });
}
