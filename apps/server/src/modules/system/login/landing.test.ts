import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_ROLE, TEACHER_ROLE } from '@anxue/shared';
import { PARENT_ROLE } from '@anxue/shared/family';
import { landingChoices } from '@anxue/shared/landing';
import { ADMIN_PASSWORD, apiCall, createTestApp, createUser, DEFAULT_TENANT, loginRaw, type TestApp } from '../../../../test/helpers/test-app';
import { newId } from '../../../core/db';
import { EDU_EDITOR_ROLE } from '../../../core/db/seed/students-roles';

// The login answer names the areas the user may land in (the web fetches the first one's code while it
// asks for the permissions): the same areas, in the same order, as the web decides from the permissions.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Landing#2026-pass';

async function userWithRoles(username: string, roleCodes: string[]): Promise<void> {
  const id = await createUser(t.db, { username, password: PASSWORD });
  const roles = await t.db.selectFrom('sysRole').select(['id', 'roleCode']).where('tenantId', '=', DEFAULT_TENANT).where('roleCode', 'in', roleCodes).execute();
  expect(roles.map((r) => r.roleCode).sort()).toEqual([...roleCodes].sort());
  for (const r of roles) await t.db.insertInto('sysUserRole').values({ id: newId(), userId: id, roleId: r.id }).execute();
}

async function signIn(username: string, password = PASSWORD) {
  const res = await loginRaw(t.app, username, password);
  const body = res.json();
  expect(body.success).toBe(true);
  const permissions = (await apiCall(t.app, body.result.token, 'GET', '/sys/permission/getUserPermissionByToken')).body.result as { menu: Parameters<typeof landingChoices>[0]; codeList: string[] };
  return { hint: body.result.landingAreas as string[], web: landingChoices(permissions.menu, permissions.codeList).map((c) => c.area) };
}

describe('the login answer’s landing areas', () => {
  it.each([
    ['land_student', [STUDENT_ROLE], ['students']],
    ['land_teacher', [TEACHER_ROLE], ['students']],
    ['land_parent', [PARENT_ROLE], ['students']],
    ['land_editor', [EDU_EDITOR_ROLE], ['education']],
    ['land_editor_teacher', [EDU_EDITOR_ROLE, TEACHER_ROLE], ['education', 'students']],
  ])('%s (%j) may land in %j, as the web decides from the permissions', async (username, roles, areas) => {
    await userWithRoles(username, roles);
    const { hint, web } = await signIn(username);
    expect(hint).toEqual(areas);
    expect(hint).toEqual(web);
  });

  it('the administrator lands in the back-office first', async () => {
    const { hint, web } = await signIn('admin', ADMIN_PASSWORD);
    expect(hint[0]).toBe('backoffice');
    expect(hint).toEqual(web);
  });

  it('a user without a role has no area', async () => {
    await createUser(t.db, { username: 'land_nobody', password: PASSWORD });
    const { hint, web } = await signIn('land_nobody');
    expect(hint).toEqual([]);
    expect(web).toEqual([]);
  });
});
