import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BizError } from '../../core/errors';
import { ok } from '../../core/http';
import { startSession } from '../system/login/service';

// CAS single sign-on (the original's /sys/cas/client/validateLogin): the browser comes back from the CAS
// server with a ticket; we validate it with the CAS server itself (protocol 3, /p3/serviceValidate) and
// sign in the user whose username is the CAS user. Nobody is created: an unknown user is refused.

export const CAS_MESSAGES = {
  notConfigured: '未配置单点登录服务（CAS_SERVER_URL）',
  invalidTicket: '单点登录票据无效或已过期，请重新登录',
  unreachable: '无法连接单点登录服务，请稍后再试',
  unknownUser: '单点登录账号在本系统中不存在或已停用，请联系管理员',
  foreignService: 'service 须是本站的地址',
} as const;

const decodeXml = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');

/** The user of a CAS serviceValidate answer, or null when it is a failure (or not CAS at all). */
export function casUserOf(xml: string): string | null {
  if (!/<cas:authenticationSuccess[\s>]/.test(xml)) return null;
  const m = /<cas:user>\s*([^<]*?)\s*<\/cas:user>/.exec(xml);
  const user = m ? decodeXml(m[1]).trim() : '';
  return user || null;
}

export const casRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/sys/cas/client/validateLogin',
    {
      config: { public: true },
      schema: {
        tags: ['单点登录'],
        summary: 'CAS 票据校验并登录',
        querystring: z.object({
          ticket: z.string({ error: '缺少票据' }).min(1, '缺少票据').max(1000),
          service: z.string({ error: '缺少 service' }).regex(/^https?:\/\/\S+$/, 'service 须是 http(s) 地址').max(2000),
        }),
      },
    },
    async (req) => {
      const base = ctx.config.casServerUrl;
      if (!base) throw new BizError(CAS_MESSAGES.notConfigured);
      // A ticket is only good for the service it was issued to; redeeming here one that another site of
      // the same CAS received (and could pass on) would sign its holder in here. Only our own addresses.
      if (new URL(req.query.service).origin !== `${req.protocol}://${req.host}`) throw new BizError(CAS_MESSAGES.foreignService);
      const url = `${base}/p3/serviceValidate?${new URLSearchParams({ service: req.query.service, ticket: req.query.ticket }).toString()}`;
      let xml: string;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
        xml = (await res.text()).slice(0, 100_000);
      } catch (err) {
        req.log.warn({ err }, 'CAS ticket validation: server unreachable');
        throw new BizError(CAS_MESSAGES.unreachable);
      }
      const username = casUserOf(xml);
      if (!username) throw new BizError(CAS_MESSAGES.invalidTicket);
      const user = await ctx.db
        .selectFrom('sysUser')
        .select(['id', 'username', 'orgCode', 'loginTenantId', 'status'])
        .where('username', '=', username)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!user || user.status !== 1) throw new BizError(CAS_MESSAGES.unknownUser);
      return ok(await startSession(ctx, user, req, { how: '单点登录 CAS' }), '登录成功');
    },
  );
};
