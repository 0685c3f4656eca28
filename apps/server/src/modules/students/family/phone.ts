// A parent's phone sign-in: a number that is some child's roster parent phone gets a code and, at its first
// sign-in, a 家长 account linked to those children; a parent signing in again picks up children added since.
// The app hands this to the account module's phone sign-in.
import type { AppContext } from '../../../core/context';
import { canCreateParent, createParent, linkByPhone } from './links';

export function familyPhoneSignIn(ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>) {
  return {
    canCreate: (mobile: string) => canCreateParent(ctx.db, mobile),
    create: (mobile: string) => createParent(ctx.db, ctx.dialect, mobile, ctx.clock.now()),
    signedIn: (userId: string, mobile: string) => linkByPhone(ctx.db, ctx.dialect, userId, mobile, ctx.clock.now()),
  };
}
