import { PASSWORD_MIN_LENGTH } from '@anxue/shared';
import type { RequestUser } from '../../../core/access';
import { hashPassword, verifyPassword } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { MESSAGES, type UpdatePasswordBody } from './schema';

/**
 * Changes the signed-in user's own password after checking the old one, then ends the user's other
 * sessions (the one making the change stays signed in). Wrong old passwords count like wrong passwords
 * at sign-in (per account name and client address, core/auth/login-attempts.ts): the fifth locks the
 * account for that address, here and at sign-in, so a borrowed session cannot be used to guess it.
 */
export async function updateOwnPassword(ctx: AppContext, user: RequestUser, body: UpdatePasswordBody, clientIp: string): Promise<void> {
  if (body.username !== user.username) throw new BizError(MESSAGES.onlyOwn);
  if (body.password !== body.confirmpassword) throw new BizError(MESSAGES.mismatch);
  if ([...body.password].length < PASSWORD_MIN_LENGTH) throw new BizError(MESSAGES.tooShort);
  const now = ctx.clock.now();
  const attempts = ctx.loginAttempts;
  const key = { username: user.username, clientIp };
  const row = await ctx.db.selectFrom('sysUser').select('password').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (await attempts.isLocked(key, now)) throw new BizError(MESSAGES.locked);
  if (!(await verifyPassword(body.oldpassword, row.password))) {
    const lockedNow = await attempts.recordFailure(key, now);
    throw new BizError(lockedNow ? MESSAGES.locked : MESSAGES.oldWrong);
  }
  await attempts.clear(key);
  await ctx.db
    .updateTable('sysUser')
    .set({ password: await hashPassword(body.password), pwdMustChange: 0, updateBy: user.username, updateTime: formatDateTime(ctx.clock.now()) })
    .where('id', '=', user.id)
    .execute();
  await ctx.tokens.revokeUser(user.id, user.tokenId);
}
