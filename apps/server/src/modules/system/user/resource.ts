import { checkUsername, FORM_PATTERNS } from '@anxue/shared';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef } from '../../../core/crud';
import { GRANT_ROLE_PERMISSION } from '../role/role-members';
import { userDepartLink, userRoleLink } from './user-excel-links';
import { addUserLinks, joinCreatorsTenant, assertUsersDeletable, refuseTakenByDeleted, UNKNOWN_PASSWORD_HASH, addDepartColumns } from './user-admin';

const pattern = (name: keyof typeof FORM_PATTERNS) => z.string().regex(FORM_PATTERNS[name].pattern, FORM_PATTERNS[name].message);
const username = z.string().superRefine((v, c) => {
  const problem = checkUsername(v);
  if (problem) c.addIssue({ code: 'custom', message: problem });
});
// An uploaded file's relative path or an http(s) address; nothing that climbs out of the upload folder.
export const AVATAR_PATH = z.string().regex(/^(https?:\/\/\S+|(?!.*\.\.)[\p{L}\p{N}_\-./]+)$/u, '头像地址不合法');
const idList = z.string().max(20000, '选择的项目过多').nullish();
/** The 3.9 form's multiple selects send arrays; older forms comma-joined text. */
const idsOrArray = z.union([z.string().max(20000, '选择的项目过多'), z.array(z.string().max(64)).max(1000, '选择的项目过多')]).nullish();

/**
 * Users. Deleting moves them to the recycle bin (delFlag 1); the unique columns stay unique across the
 * bin too (the database's unique indexes say so), so a deleted user's name cannot be reused until the user is
 * removed for good. Imported users get an unguessable password: nobody can sign in as them until an
 * administrator sets one through changePassword.
 */
/** The trigram table of the user list's text columns (migration 0034). */
const USER_TEXT = 'sys_user_text';

export const userResource: ResourceDef = {
  label: '用户',
  table: 'sysUser',
  path: '/sys/user',
  permission: 'system:user',
  softDelete: true,
  uniqueAcrossBin: true,
  dataRuleMenu: '/system/user',
  // an import creates users and may carry their roles: it needs the grant right too
  alsoRequires: { importExcel: [GRANT_ROLE_PERMISSION] },
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'username', type: 'string', textIndex: USER_TEXT, title: '用户账号', required: true, unique: true, max: 100, check: username },
    { name: 'realname', type: 'string', textIndex: USER_TEXT, title: '用户姓名', required: true, max: 100 },
    { name: 'workNo', type: 'string', textIndex: USER_TEXT, title: '工号', unique: true, max: 100 },
    { name: 'sex', type: 'int', title: '性别', dictCode: 'sex', check: z.union([z.literal(1), z.literal(2)], { error: '性别只能是男或女' }) },
    { name: 'birthday', type: 'date', title: '生日' },
    { name: 'phone', type: 'string', textIndex: USER_TEXT, title: '手机号码', unique: true, max: 45, check: pattern('mobile') },
    { name: 'email', type: 'string', textIndex: USER_TEXT, title: '电子邮件', unique: true, max: 45, check: pattern('email') },
    { name: 'telephone', type: 'string', title: '座机', max: 45 },
    { name: 'post', type: 'string', title: '职务', max: 500, multi: true },
    { name: 'avatar', type: 'string', title: '头像', max: 255, excel: false, check: AVATAR_PATH },
    { name: 'userIdentity', type: 'int', title: '身份', excel: false, check: z.union([z.literal(1), z.literal(2)], { error: '身份只能是1或2' }) },
    { name: 'orgCode', type: 'string', title: '登录部门编码', writable: false, excel: false },
    { name: 'status', type: 'int', title: '状态', dictCode: 'user_status', writable: false, excel: true },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  excelLinks: [userDepartLink, userRoleLink],
  extraInput: {
    password: z.string().max(200, '密码过长').nullish(),
    confirmPassword: z.string().max(200).nullish(),
    selectedroles: idList,
    selecteddeparts: idList,
    // 负责部门 (for a 上级), 主岗位 and 兼职岗位
    departIds: idsOrArray,
    mainDepPostId: idsOrArray,
    otherDepPostId: idsOrArray,
  },
  hooks: {
    async beforeSave(row, ctx, mode) {
      if (mode === 'edit') {
        if (row.username !== undefined) await refuseRename(ctx, String(row.id), row.username);
      } else {
        // a real password is set in afterSave (add) or by an administrator later (import)
        row.password = UNKNOWN_PASSWORD_HASH();
        row.status = 1;
      }
      if (mode === 'import') {
        // imported users sign in to the importer's tenant, which afterImport makes them members of;
        // values held in the recycle bin are refused by the import a batch at a time (uniqueAcrossBin)
        if (ctx.tenantId > 0) row.loginTenantId = ctx.tenantId;
        return;
      }
      await refuseTakenByDeleted(ctx, row, mode === 'edit' ? String(row.id) : undefined);
    },
    async afterSave(row, input, ctx, mode) {
      await addUserLinks(ctx, String(row.id), input, mode);
    },
    async afterImport(rows, ctx) {
      await joinCreatorsTenant(ctx, rows.map((r) => String(r.id)), { signInThere: false });
    },
    afterImportReads: [],
    // tenant memberships, departments and roles go through insertRows (user-excel-links.ts)
    afterImportStaged: true,
    async beforeDelete(ids, ctx) {
      await assertUsersDeletable(ctx, ids);
    },
    async decorate(records, ctx) {
      await addDepartColumns(ctx.db, records);
    },
  },
};

async function refuseRename(ctx: RequestContext, id: string, username: unknown) {
  const current = await ctx.db.selectFrom('sysUser').select('username').where('id', '=', id).executeTakeFirst();
  if (current && current.username !== username) throw new ResourceError('用户账号不能修改');
}
