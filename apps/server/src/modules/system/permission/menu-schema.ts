import { isSafeLink, LINK_INVALID_MESSAGE } from '@anxue/shared';
import { z } from 'zod';
import { DATA_RULE_CONDITIONS } from '../../../core/crud';

const text = (max: number) => z.string().trim().max(max).nullish();
/** A value that becomes a link (route path, external page, iframe address, redirect): no javascript:, data: or vbscript:. */
const link = (max: number) => text(max).refine((v) => isSafeLink(v), LINK_INVALID_MESSAGE);
/** Clients send flags as booleans, numbers or strings; stored as 0/1. */
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));

export const menuBody = z.object({
  id: z.string().max(64).optional(),
  parentId: text(64),
  name: z.string({ error: '菜单名称不能为空' }).trim().min(1, '菜单名称不能为空').max(100),
  /** The English name; left out (the original's client) keeps the stored one, empty clears it. */
  nameEn: text(100),
  url: link(255),
  component: link(255),
  componentName: text(100),
  redirect: link(255),
  menuType: z.coerce.number().int().refine((n) => n === 0 || n === 1 || n === 2, '菜单类型只能是一级菜单、子菜单或按钮'),
  perms: text(1000),
  permsType: z.enum(['1', '2']).nullish(),
  sortNo: z.coerce.number().min(-99999).max(99999).nullish(),
  alwaysShow: flag,
  icon: link(100),
  isRoute: z.union([z.boolean(), z.number(), z.string()]).nullish().transform((v) => (v === false || v === 0 || v === '0' || v === 'false' ? 0 : 1)),
  keepAlive: flag,
  hidden: flag,
  hideTab: flag,
  description: text(255),
  internalOrExternal: flag,
  status: z.enum(['0', '1']).nullish(),
});
export type MenuBody = z.infer<typeof menuBody>;

export const idQuery = z.object({ id: z.string({ error: '缺少id' }).trim().min(1, '缺少id').max(64) });
export const idsQuery = z.object({ ids: z.string({ error: '请选择一条记录！' }).trim().min(1, '请选择一条记录！').max(70000) });

/** A rule column is a plain column name, never an expression. */
export const RULE_COLUMN = /^[a-z_][a-z0-9_]*$/;

export const ruleBody = z.object({
  id: z.string().max(64).optional(),
  permissionId: z.string({ error: '缺少菜单id' }).trim().min(1, '缺少菜单id').max(64),
  ruleName: z.string({ error: '规则名称不能为空' }).trim().min(1, '规则名称不能为空').max(50),
  ruleColumn: z.string({ error: '规则字段不能为空' }).trim().max(50).regex(RULE_COLUMN, '规则字段只能是小写字母、数字和下划线组成的列名'),
  ruleConditions: z
    .string({ error: '条件规则不能为空' })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => DATA_RULE_CONDITIONS.includes(s), `条件规则只能是 ${DATA_RULE_CONDITIONS.join('、')} 之一`),
  ruleValue: z.string().trim().max(300).nullish(),
  status: z.enum(['0', '1']).nullish(),
});

const grantIds = {
  permissionIds: z.string().max(200000).nullish(),
  lastpermissionIds: z.string().max(200000).nullish(),
};
const requiredId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64);
export const roleGrantBody = z.object({ roleId: requiredId('请选择角色'), ...grantIds });
export const departGrantBody = z.object({ departId: requiredId('请选择部门'), ...grantIds });
