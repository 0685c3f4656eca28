import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { ok } from '../../../core/http';
import { MESSAGES, updatePasswordBody } from './schema';
import { updateOwnPassword } from './service';
import { loadUserInfo } from './profile';
import { homePathOf } from '../roleindex/routes';
import { allDictItems } from '../dict/service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The spec posts; the original's clients put.
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/user/updatePassword',
    config: { auth: true },
    schema: { tags: ['用户'], summary: '修改自己的密码', body: updatePasswordBody },
    handler: async (request) => {
      await updateOwnPassword(app.ctx, currentUser(request), request.body, request.ip);
      return ok(null, MESSAGES.done);
    },
  });

  // The original client reloads who is signed in (and the dictionaries) after sign-in and on refresh.
  app.get('/sys/user/getUserInfo', { config: { auth: true }, schema: { tags: ['用户'], summary: '当前用户与全部字典' } }, async (request) => {
    const user = currentUser(request);
    const userInfo = await loadUserInfo(app.ctx.db, user.id);
    // the original's Vue 3 client (it sends X-Version) opens the home page configured for the user's roles
    if (userInfo && request.headers['x-version']) {
      const homePath = await homePathOf(app.ctx.db, user.id, user.username, user.tenantId);
      if (homePath) Object.assign(userInfo, { homePath });
    }
    return ok({ userInfo, sysAllDictItems: await allDictItems(app.ctx.db) });
  });

  // Asks whether to make the user replace a default password. No install has a shared one; a first
  // password (roster import, login card, a teacher's reset) is the case: the must-change flag. The original
  // client opens its change dialog on a message containing 'yes' and prefills what follows '_', so the
  // password itself (never kept in clear) is not sent.
  app.get('/sys/user/verifyIzDefaultPwd', { config: { auth: true }, schema: { tags: ['用户'], summary: '是否仍在使用默认密码' } }, async (request) => {
    const row = await app.ctx.db.selectFrom('sysUser').select('pwdMustChange').where('id', '=', currentUser(request).id).executeTakeFirst();
    const answer = row?.pwdMustChange ? 'yes' : 'no';
    return ok(answer, answer);
  });
};
