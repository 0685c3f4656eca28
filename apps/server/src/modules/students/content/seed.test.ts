import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_DICTS, STUDENT_ROLE, STUDY_PERMISSION, TEACH_PERMISSION, TEACHER_ROLE } from '@anxue/shared';
import { loadPermissionCodes } from '../../../core/access/permissions';
import { seedDatabase } from '../../../core/db';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app';

// What a fresh install seeds for the area: dictionaries, both menus and the three roles with their grants.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The codes a user holding only this role would have. */
async function codesOf(roleCode: string) {
  const role = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).executeTakeFirstOrThrow();
  const userId = `u_${roleCode}_probe`;
  await t.db.insertInto('sysUser').values({ id: userId, username: `${roleCode}_probe`, realname: roleCode, password: 'x', status: 1 }).onConflict((oc) => oc.doNothing()).execute();
  await t.db.insertInto('sysUserRole').values({ id: `ur_${roleCode}_probe`, userId, roleId: role.id }).onConflict((oc) => oc.doNothing()).execute();
  return loadPermissionCodes(t.db, userId);
}

async function menuNames(roleCode: string) {
  const rows = await t.db
    .selectFrom('sysPermission as p')
    .innerJoin('sysRolePermission as rp', 'rp.permissionId', 'p.id')
    .innerJoin('sysRole as r', 'r.id', 'rp.roleId')
    .select('p.url')
    .where('r.roleCode', '=', roleCode)
    .where('p.menuType', 'in', [0, 1])
    .execute();
  return rows.map((r) => r.url).sort();
}

describe('seeded area', () => {
  it('the student holds students:study and the study menus, not the teaching or the back-office codes', async () => {
    const codes = await codesOf(STUDENT_ROLE);
    expect(codes.has(STUDY_PERMISSION)).toBe(true);
    expect(codes.has(TEACH_PERMISSION)).toBe(false);
    expect(codes.has('students:course:add')).toBe(false);
    expect(codes.has('students:course:list')).toBe(false);
    const urls = await menuNames(STUDENT_ROLE);
    expect(urls).toContain('/students/theoryQuestionList');
    expect(urls).not.toContain('/students/classStats');
    expect(urls.some((u) => u?.startsWith('/education'))).toBe(false);
  });

  it('the teacher holds students:study, students:teach and 班级统计', async () => {
    const codes = await codesOf(TEACHER_ROLE);
    expect(codes.has(STUDY_PERMISSION)).toBe(true);
    expect(codes.has(TEACH_PERMISSION)).toBe(true);
    expect(codes.has('students:course:add')).toBe(false);
    expect(await menuNames(TEACHER_ROLE)).toContain('/students/classStats');
  });

  it('the content editor holds the back-office buttons and none of the study codes', async () => {
    const codes = await codesOf('edu_editor');
    for (const c of ['students:course:add', 'students:theoryQuestion:importExcel', 'students:competitionTeam:score', 'students:works:review', 'students:competitionTeamPerson:exportXls']) {
      expect(codes.has(c), c).toBe(true);
    }
    expect(codes.has('students:competitionTeamPerson:add')).toBe(false);
    expect(codes.has(STUDY_PERMISSION)).toBe(false);
  });

  it('menus carry the agreed urls, components and icons', async () => {
    const top = await t.db.selectFrom('sysPermission').select(['url', 'component', 'icon', 'name']).where('url', 'in', ['/education', '/students']).orderBy('url').execute();
    expect(top).toEqual([
      { url: '/education', component: 'layouts/RouteView', icon: 'ant-design:safety-outlined', name: '安全教育' },
      { url: '/students', component: 'layouts/RouteView', icon: 'ant-design:read-outlined', name: '学习园地' },
    ]);
    const page = await t.db.selectFrom('sysPermission').select(['component', 'menuType']).where('url', '=', '/students/dangerQuestionList').executeTakeFirstOrThrow();
    expect(page).toEqual({ component: 'students/DangerQuestionList', menuType: 1 });
  });

  it('dictionaries are seeded with their items', async () => {
    const items = await t.db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select(['i.itemValue', 'i.itemText'])
      .where('d.dictCode', '=', STUDENT_DICTS.questionType)
      .orderBy('i.sortOrder')
      .execute();
    expect(items).toEqual([
      { itemValue: 'single', itemText: '单选题' },
      { itemValue: 'multi', itemText: '多选题' },
      { itemValue: 'judge', itemText: '判断题' },
    ]);
  });

  it("an administrator's change to a seeded role survives the next start", async () => {
    const role = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', STUDENT_ROLE).executeTakeFirstOrThrow();
    await t.db.deleteFrom('sysRolePermission').where('roleId', '=', role.id).execute();
    await seedDatabase(t.db);
    const left = await t.db.selectFrom('sysRolePermission').select('id').where('roleId', '=', role.id).execute();
    expect(left).toHaveLength(0);
  });
});
