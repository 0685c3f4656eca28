// Sign-in by SMS code, self-registration and the forgotten-password flow (issue 16), on the original's
// paths. Codes go through the SMS provider of the messages module (SMS_PROVIDER; `log` writes them to
// the server log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadInstallSecret } from '../../../core/auth';
import { ok } from '../../../core/http';
import { createSmsProvider } from '../../message/channels';
import { MESSAGES as LOGIN_MESSAGES } from '../login/schema';
import { ACCOUNT_MESSAGES, passwordChangeBody, phoneLoginBody, phoneVerificationBody, registerBody, smsBody } from './schema';
import { phoneLogin, phoneVerification, register, resetPassword, sendSmsCode, type PhoneSignInHook } from './service';
import { accountSettingRoutes } from './settings';
import { SmsCodes } from './sms-codes';

const tags = ['登录'];
// Open to visitors: each proves itself by an SMS code (sending one is limited per number and address).
const open = { public: true } as const;

export const accountRoutes: FastifyPluginAsyncZod<{ phoneSignIn?: PhoneSignInHook }> = async (app, opts) => {
  const { ctx } = app;
  const codes = new SmsCodes(ctx.db, ctx.clock, await loadInstallSecret(ctx.db, ctx.clock.now()), createSmsProvider(ctx.config, app.log), ctx.dialect);

  // The calls that send an SMS carry the original's request signature (X-Sign, X-TIMESTAMP within 300 s):
  // checked for every call of SIGNED_CALLS (core/auth/request-signature.ts).

  app.post('/sys/sms', { config: open, schema: { tags, summary: '发送短信验证码（0 登录、1 注册、2 忘记密码）', body: smsBody } }, async (request) => {
    await sendSmsCode(ctx, codes, request.body, request, opts.phoneSignIn);
    return ok(null, ACCOUNT_MESSAGES.smsSent);
  });

  app.post('/sys/phoneLogin', { config: open, schema: { tags, summary: '手机号验证码登录', body: phoneLoginBody } }, async (request) =>
    ok(await phoneLogin(ctx, codes, request.body, request, opts.phoneSignIn), LOGIN_MESSAGES.loginOk),
  );

  app.post('/sys/user/register', { config: open, schema: { tags, summary: '用户注册（需管理员开放注册）', body: registerBody } }, async (request) => {
    await register(ctx, codes, request.body);
    return ok(null, ACCOUNT_MESSAGES.registered);
  });

  app.post('/sys/user/phoneVerification', { config: open, schema: { tags, summary: '忘记密码：校验手机验证码', body: phoneVerificationBody } }, async (request) =>
    ok(await phoneVerification(codes, request.body, request)),
  );

  // The original client sends the new password as query parameters of a GET; ours posts it.
  app.get('/sys/user/passwordChange', { config: open, schema: { tags, summary: '忘记密码：设置新密码', querystring: passwordChangeBody } }, async (request) => {
    await resetPassword(ctx, codes, request.query);
    return ok(null, ACCOUNT_MESSAGES.resetDone);
  });
  app.post('/sys/user/passwordChange', { config: open, schema: { tags, summary: '忘记密码：设置新密码', body: passwordChangeBody } }, async (request) => {
    await resetPassword(ctx, codes, request.body);
    return ok(null, ACCOUNT_MESSAGES.resetDone);
  });

  await app.register(accountSettingRoutes(codes));
};
