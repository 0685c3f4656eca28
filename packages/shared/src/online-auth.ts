import { z } from 'zod';

// 权限控制 of an online form (issue 15): the original client's /online/cgform/api/auth* and role*Auth calls
// (views/super/online/cgform/components/auth/auth.api.ts), their bodies and answers.

export const ONLINE_AUTH_API = {
  authColumn: '/online/cgform/api/authColumn',
  authColumnBatch: '/online/cgform/api/authColumn/batch',
  authButton: '/online/cgform/api/authButton',
  authData: '/online/cgform/api/authData',
  authPage: '/online/cgform/api/authPage',
  validAuthData: '/online/cgform/api/validAuthData',
  roleAuth: '/online/cgform/api/roleAuth',
  roleColumnAuth: '/online/cgform/api/roleColumnAuth',
  roleButtonAuth: '/online/cgform/api/roleButtonAuth',
  roleDataAuth: '/online/cgform/api/roleDataAuth',
} as const;

/** Who manages the rules of forms and grants them: the designer's edit right. */
export const ONLINE_AUTH_PERMISSION = 'online:cgform:edit';

/** onl_auth_relation.type / authPage's type: 1 field, 2 button, 3 data. */
export type OnlineAuthType = 1 | 2 | 3;

const flag01 = z.coerce.number().int().refine((n) => n === 0 || n === 1, '状态只能是0或1').transform((n) => n as 0 | 1);
const bool = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((s) => s === 'true' || s === '1'), z.literal(1).transform(() => true), z.literal(0).transform(() => false)]);
export const authFormId = z.string({ error: '缺少表单ID' }).trim().regex(/^[A-Za-z0-9_-]{1,64}$/, '表单ID格式不正确');
const fieldCode = z.string({ error: '缺少字段名' }).trim().regex(/^[a-z][a-z0-9_]{0,63}$/, '字段名不正确');

/** PUT authColumn (and each item of PUT authColumn/batch): a field's rule switch. */
export const authFieldStatusBody = z.object({ cgformId: authFormId, code: fieldCode, status: flag01 });
/** POST authColumn (and each item of POST authColumn/batch): one control of a field (switchFlag 1 list, 2 form visible, 3 form editable, 4 both form ones). */
export const authFieldControlBody = z.object({
  cgformId: authFormId,
  code: fieldCode,
  switchFlag: z.coerce.number().int().min(1, 'switchFlag 只能是1到4').max(4, 'switchFlag 只能是1到4').transform((n) => n as 1 | 2 | 3 | 4),
  listShow: bool.optional(),
  formShow: bool.optional(),
  formEditable: bool.optional(),
});
const batch = <T extends z.ZodTypeAny>(item: T) => z.array(item, { error: '请求内容应为数组' }).min(1, '请至少选择一个字段').max(500, '一次最多500个字段');
export const authFieldStatusBatch = batch(authFieldStatusBody);
export const authFieldControlBatch = batch(authFieldControlBody);

/** POST authButton: puts a button under rule (page 3 list, 5 form). */
export const authButtonBody = z.object({
  cgformId: authFormId,
  code: z.string({ error: '缺少按钮编码' }).trim().regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,49}$/, '按钮编码不正确'),
  page: z.coerce.number().int().refine((n) => n === 3 || n === 5, 'page 只能是3或5').default(3),
});

/** POST / PUT authData: a data rule (custom SQL is refused). */
export const authDataBody = z.object({
  id: z.string().trim().max(64).optional(),
  cgformId: authFormId,
  ruleName: z.string({ error: '请输入规则名称' }).trim().min(1, '请输入规则名称').max(50, '规则名称最长50个字'),
  ruleColumn: z.string().trim().max(64).nullish(),
  ruleOperator: z.string({ error: '请选择条件规则' }).trim().min(1, '请选择条件规则').max(20),
  ruleValue: z.string().max(255, '规则值最长255个字').nullish(),
  status: flag01.default(1),
});
export type AuthDataInput = z.infer<typeof authDataBody>;

/** role*Auth/{roleId}/{cgformId}: the rule ids as the JSON text of an array, and the grant mode. */
export const roleAuthBody = z.object({
  authId: z
    .string({ error: '缺少授权项' })
    .max(100_000)
    .transform((s, ctx) => {
      try {
        const v = JSON.parse(s || '[]');
        if (Array.isArray(v) && v.length <= 2000 && v.every((x) => typeof x === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(x))) return v as string[];
      } catch {
        // reported below
      }
      ctx.addIssue({ code: 'custom', message: '授权项格式不正确' });
      return z.NEVER;
    }),
  authMode: z.string().max(20).optional(),
});

export const roleAuthQuery = z.object({
  roleId: z.string({ error: '缺少角色ID' }).trim().min(1, '缺少角色ID').max(64),
  cgformId: authFormId,
  type: z.coerce.number().int().refine((n) => n === 1 || n === 2 || n === 3, 'type 只能是1、2、3'),
  authMode: z.string().max(20).optional(),
});

/** authColumn/{cgformId}: a field with its rule switch and controls. */
export interface AuthFieldRow {
  cgformId: string;
  code: string;
  title: string;
  isShowForm: number;
  isShowList: number;
  dbIsPersist: number;
  fieldShowType: string | null;
  dbType: string;
  /** 1 when one of its controls is under rule. */
  status: 0 | 1;
  listShow: boolean;
  formShow: boolean;
  formEditable: boolean;
}

/** A rule row (onl_auth_page); authPage adds the field's or button's name. */
export interface AuthPageRule {
  id: string;
  cgformId: string;
  code: string;
  type: number;
  /** 3 editable, 5 visible. */
  control: number;
  /** 3 list, 5 form. */
  page: number;
  status: number;
  title?: string;
}

export interface AuthButtonAnswer {
  authList: AuthPageRule[];
  buttonList: Array<{ buttonCode: string; buttonName: string; buttonStyle: string }>;
  mainRelationType?: number;
  mainThemeTemplate?: string;
}

export interface AuthDataRule {
  id: string;
  cgformId: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleOperator: string;
  ruleValue: string | null;
  status: number;
}

export interface AuthRelation {
  id: string;
  roleId: string;
  authId: string;
  type: number;
  cgformId: string;
  authMode: string;
}

/** The conditions a data rule may use (those of sys_permission_data_rule), with the names the page shows. */
export const AUTH_DATA_OPERATORS = [
  { value: '=', label: '等于' },
  { value: '!=', label: '不等于' },
  { value: '>', label: '大于' },
  { value: '>=', label: '大于等于' },
  { value: '<', label: '小于' },
  { value: '<=', label: '小于等于' },
  { value: 'IN', label: '包含（逗号分隔）' },
  { value: 'NOT_IN', label: '不包含' },
  { value: 'LIKE', label: '模糊' },
  { value: 'LEFT_LIKE', label: '左模糊' },
  { value: 'RIGHT_LIKE', label: '右模糊' },
  { value: 'EMPTY', label: '为空' },
  { value: 'NOT_EMPTY', label: '不为空' },
] as const;

/** The variables a data rule's value may name, replaced by the signed-in user's values. */
export const AUTH_DATA_VARIABLES = [
  { value: '#{sys_user_code}', label: '登录用户账号' },
  { value: '#{sys_user_name}', label: '登录用户名称' },
  { value: '#{sys_org_code}', label: '登录用户部门' },
  { value: '#{sys_date}', label: '当前日期' },
  { value: '#{sys_time}', label: '当前时间' },
  { value: '#{tenant_id}', label: '登录用户租户' },
] as const;

/** The generated page's own buttons that can be put under rule (the original's authButtonFixedList, those offered here). */
export const AUTH_BUILT_IN_BUTTONS = [
  { code: 'add', title: '新增' },
  { code: 'edit', title: '编辑' },
  { code: 'detail', title: '详情' },
  { code: 'delete', title: '删除' },
  { code: 'batch_delete', title: '批量删除' },
  { code: 'export', title: '导出' },
  { code: 'import', title: '导入' },
  { code: 'query', title: '查询' },
  { code: 'reset', title: '重置' },
  { code: 'super_query', title: '高级查询' },
] as const;
