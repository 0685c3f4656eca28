import { z } from 'zod';

export const selectDepartBody = z.object({
  orgCode: z.string().trim().min(1, '请选择部门').max(64),
  username: z.string().max(100).optional(),
  loginTenantId: z.coerce.number().int().min(0).optional(),
});

export const MESSAGES = {
  notYourDepart: '您不属于该部门，不能切换到该部门',
  notYourAccount: '只能切换当前登录用户的部门',
  notYourTenant: '您不属于该租户，不能切换到该租户',
} as const;
