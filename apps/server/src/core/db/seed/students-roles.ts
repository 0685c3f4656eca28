import { STUDENT_ROLE, TEACHER_ROLE } from '@anxue/shared';
import { PARENT_ROLE } from '@anxue/shared/family';
import type { Db } from '../connect';
import { seedId } from '../time';
import type { MenuSeed } from './menu-kit';
import { EDUCATION_ASSIGNMENT_MENUS, EDUCATION_MENU, EDUCATION_MENUS, PARENT_MENUS, STUDENT_MENUS, STUDENTS_MENU, TEACHER_ASSIGNMENT_KEYS } from './menus-students';
import { SEED_TENANT } from './organisation';

// Roles of the safety-education area: 学生, 教师, 内容编辑 and 家长, with their menus and buttons.

export const EDU_EDITOR_ROLE = 'edu_editor';

const TEACHER_ONLY = new Set([`${STUDENTS_MENU}.classStats`, `${STUDENTS_MENU}.teach`, ...TEACHER_ASSIGNMENT_KEYS]);

export const STUDENT_ROLE_SEEDS: Array<{ roleCode: string; roleName: string; description: string; menus: MenuSeed[] }> = [
  { roleCode: STUDENT_ROLE, roleName: '学生', description: '学习园地：课程、题库、隐患排查、竞赛', menus: STUDENT_MENUS.filter((m) => !TEACHER_ONLY.has(m.key)) },
  { roleCode: TEACHER_ROLE, roleName: '教师', description: '学习园地，及所教班级的统计和课堂展示', menus: STUDENT_MENUS },
  { roleCode: EDU_EDITOR_ROLE, roleName: '内容编辑', description: '安全教育后台：课程、素材、题库、试卷、隐患题、活动、班级、竞赛、作品', menus: EDUCATION_MENUS },
  // the area's root and 我的孩子 only: no study call, so a parent's session cannot do a child's work
  { roleCode: PARENT_ROLE, roleName: '家长', description: '学习园地：孩子的作业和成绩，签家校回执', menus: [...STUDENT_MENUS.filter((m) => m.key === STUDENTS_MENU), ...PARENT_MENUS] },
];

/**
 * Inserts the roles and their grants once per install (a marker per role), so an administrator's later
 * changes to them survive restarts. A role code already taken by someone else's role is left alone.
 */
export async function seedStudentRoles(db: Db, now: string): Promise<void> {
  await seedRoles(db, now);
  await laterGrants(db, now);
}

/** Menus added after the roles were first seeded, given to those roles once per install (安全作业, 学分规则, 危险预判, 证书管理). */
const LATER_GRANTS: Array<{ marker: string; roleCode: string; keys: string[] }> = [
  { marker: 'seeded:grant.assignment.teacher', roleCode: TEACHER_ROLE, keys: TEACHER_ASSIGNMENT_KEYS },
  { marker: 'seeded:grant.assignment.edu_editor', roleCode: EDU_EDITOR_ROLE, keys: EDUCATION_ASSIGNMENT_MENUS.map((m) => m.key) },
  { marker: 'seeded:grant.creditRule.edu_editor', roleCode: EDU_EDITOR_ROLE, keys: EDUCATION_MENUS.filter((m) => m.key.startsWith(`${EDUCATION_MENU}.creditRule`)).map((m) => m.key) },
  // 危险预判: the back-office page for editors, the student area's page for students and teachers
  { marker: 'seeded:grant.hazardClip.edu_editor', roleCode: EDU_EDITOR_ROLE, keys: EDUCATION_MENUS.filter((m) => m.key.startsWith(`${EDUCATION_MENU}.hazardClip`)).map((m) => m.key) },
  { marker: 'seeded:grant.hazardClipList.student', roleCode: STUDENT_ROLE, keys: [`${STUDENTS_MENU}.hazardClipList`] },
  { marker: 'seeded:grant.hazardClipList.teacher', roleCode: TEACHER_ROLE, keys: [`${STUDENTS_MENU}.hazardClipList`] },
  // 证书管理: the editors who look after the area's content also revoke a certificate issued by mistake
  { marker: 'seeded:grant.certificate.edu_editor', roleCode: EDU_EDITOR_ROLE, keys: EDUCATION_MENUS.filter((m) => m.key.startsWith(`${EDUCATION_MENU}.certificate`)).map((m) => m.key) },
];

async function laterGrants(db: Db, now: string): Promise<void> {
  for (const g of LATER_GRANTS) {
    if (await db.selectFrom('sysInstall').select('key').where('key', '=', g.marker).executeTakeFirst()) continue;
    await db.insertInto('sysInstall').values({ key: g.marker, value: '1', createTime: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
    const roleId = seedId(`role.${g.roleCode}`);
    if (!(await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst())) continue;
    for (const key of g.keys) {
      const permissionId = seedId(`menu.${key}`);
      if (!(await db.selectFrom('sysPermission').select('id').where('id', '=', permissionId).executeTakeFirst())) continue;
      await db
        .insertInto('sysRolePermission')
        .values({ id: seedId(`role-perm.${roleId}.${permissionId}`), roleId, permissionId, operateDate: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

async function seedRoles(db: Db, now: string): Promise<void> {
  for (const r of STUDENT_ROLE_SEEDS) {
    const marker = `seeded:role.${r.roleCode}`;
    if (await db.selectFrom('sysInstall').select('key').where('key', '=', marker).executeTakeFirst()) continue;
    await db.insertInto('sysInstall').values({ key: marker, value: '1', createTime: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
    const roleId = seedId(`role.${r.roleCode}`);
    await db
      .insertInto('sysRole')
      .values({ id: roleId, roleCode: r.roleCode, roleName: r.roleName, description: r.description, tenantId: SEED_TENANT.id, createBy: 'system', createTime: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (!(await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst())) continue;
    for (const m of r.menus) {
      const permissionId = seedId(`menu.${m.key}`);
      // a menu an administrator deleted before this role was seeded is not granted
      if (!(await db.selectFrom('sysPermission').select('id').where('id', '=', permissionId).executeTakeFirst())) continue;
      await db
        .insertInto('sysRolePermission')
        .values({ id: seedId(`role-perm.${roleId}.${permissionId}`), roleId, permissionId, operateDate: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
