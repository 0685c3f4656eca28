import { PASSWORD_MIN_LENGTH, PASSWORD_MISMATCH, REQUIRED_MESSAGES } from '@anxue/shared';
import { z } from 'zod';

export const updatePasswordBody = z.object({
  username: z.string().trim().min(1, REQUIRED_MESSAGES.username).max(100),
  oldpassword: z.string().min(1, REQUIRED_MESSAGES.oldPassword).max(200),
  password: z.string().min(1, REQUIRED_MESSAGES.newPassword).max(200),
  confirmpassword: z.string().min(1, REQUIRED_MESSAGES.confirmPassword).max(200),
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const MESSAGES = {
  onlyOwn: '只能修改当前登录用户的密码',
  oldWrong: '旧密码输入错误',
  locked: '密码错误次数过多，该账号在当前地址已被锁定，请于10分钟后再试！',
  mismatch: PASSWORD_MISMATCH,
  tooShort: `密码至少${PASSWORD_MIN_LENGTH}位`,
  done: '密码修改成功！',
} as const;
