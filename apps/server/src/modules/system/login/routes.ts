import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenOf } from '../../../core/access';
import { ok } from '../../../core/http';
import { checkKeyParams, departsBeforeLoginBody, loginBody, MESSAGES } from './schema';
import { logLoginFailure } from './login-log';
import { qrcodeLoginRoutes } from './qrcode';
import { departsBeforeLogin, login, logout } from './service';

const tags = ['登录'];

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/sys/randomImage/:checkKey',
    { config: { public: true }, schema: { tags, summary: '获取验证码图片', params: checkKeyParams } },
    async (request) => ok(await ctx.captcha.create(request.params.checkKey)),
  );

  // The spec's path and the original's; same body, same answer.
  for (const path of ['/sys/userLogin', '/sys/login']) {
    app.post(path, { config: { public: true }, schema: { tags, summary: '账号密码登录', body: loginBody } }, async (request) =>
      ok(await login(ctx, request.body, request).catch((err) => logLoginFailure(ctx, request, request.body.username, err)), MESSAGES.loginOk),
    );
  }

  app.post(
    '/sys/loginGetUserDeparts',
    { config: { public: true }, schema: { tags, summary: '登录前校验账号并取其部门（原版客户端的两步登录）', body: departsBeforeLoginBody } },
    async (request) => ok(await departsBeforeLogin(ctx, request.body, request)),
  );

  // Public: signing out must not fail on the access check; the token's signature is verified inside.
  app.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { public: true },
    schema: { tags, summary: '退出登录' },
    handler: async (request) => {
      await logout(ctx, tokenOf(request), request);
      return ok(null, MESSAGES.logoutOk);
    },
  });

  await app.register(qrcodeLoginRoutes);
};
