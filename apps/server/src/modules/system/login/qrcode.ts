// QR-code sign-in (issue 16), on the original's paths: the sign-in page asks /sys/getLoginQrcode for a code
// and shows it; a user signed in on another device (the original's mobile app; here any signed-in client)
// confirms it with /sys/scanLoginQrcode; the page polls /sys/getQrcodeToken and receives a session of that
// user. Unlike the original (whose scan call takes any token as a parameter and hands that very token to
// the page), the confirming user is the one signed in on the call, the page gets a session of its own, and
// only the browser that asked for the code may collect it (by an HttpOnly cookie, which the original client
// sends, or the `pollToken` of the answer, which ours sends): a photo of the code on someone's screen is not
// enough. A code lasts 2 minutes and signs in once.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { startSession } from './service';

const tags = ['登录'];

export const QRCODE_TTL_MS = 2 * 60 * 1000;
/** Codes one client address may hold at once (the page asks for a fresh one every 2 minutes). */
export const QRCODE_PER_ADDRESS = 10;
const COOKIE = 'anxue_qrcode';
const PREFIX = 'QRLOGIN';

export const QRCODE_MESSAGES = {
  expired: '二维码已过期,请刷新后重试',
  tooMany: '二维码请求过于频繁，请稍后再试',
  scanned: '扫码成功',
} as const;

/** What the polling page receives: "-1" waiting, "-2" expired (ask for a new code), else the session. */
export const QRCODE_WAITING = '-1';
export const QRCODE_EXPIRED = '-2';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const qrcodeIdParam = z.string({ error: '二维码无效' }).trim().min(1, '二维码无效').max(200, '二维码无效');

/** A code as shown, or a link holding it (?qrcodeId=), as a phone's camera app may hand it over. */
function qrcodeIdOf(text: string): string {
  const m = /[?&]qrcodeId=([^&#]+)/.exec(text);
  return m ? decodeURIComponent(m[1]) : text;
}

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return rest.join('=');
  }
  return undefined;
}

function setCookie(reply: FastifyReply, request: FastifyRequest, value: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${COOKIE}=${value}; Path=/; Max-Age=${QRCODE_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure}`);
}

export const qrcodeLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const now = () => ctx.clock.now();

  // Open: the page has no session yet. Limited per client address; the rows expire in 2 minutes.
  app.get('/sys/getLoginQrcode', { config: { public: true }, schema: { tags, summary: '登录二维码（2 分钟有效，一次有效）' } }, async (request, reply) => {
    const at = now();
    const nowText = formatDateTime(at);
    const clientIp = (request.ip || 'unknown').slice(0, 64);
    await ctx.db.deleteFrom('sysLoginQrcode').where('expireTime', '<', nowText).execute();
    const held = await ctx.db
      .selectFrom('sysLoginQrcode')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('clientIp', '=', clientIp)
      .executeTakeFirst();
    if (Number(held?.n ?? 0) >= QRCODE_PER_ADDRESS) throw new BizError(QRCODE_MESSAGES.tooMany);
    const qrcodeId = PREFIX + randomBytes(24).toString('hex');
    const browser = randomBytes(24).toString('hex');
    await ctx.db
      .insertInto('sysLoginQrcode')
      .values({ id: sha256(qrcodeId), browserHash: sha256(browser), userId: null, clientIp, expireTime: formatDateTime(new Date(at.getTime() + QRCODE_TTL_MS)), createTime: nowText })
      .execute();
    setCookie(reply, request, browser);
    return ok({ qrcodeId, pollToken: browser });
  });

  // A signed-in user confirms the code (the original's app call; its `token` parameter is not used: the
  // confirming user is the one whose session makes this call).
  app.post('/sys/scanLoginQrcode', { config: { auth: true }, schema: { tags, summary: '确认扫码登录（已登录用户）' } }, async (request) => {
    const me = currentUser(request);
    const input = { ...(request.query as object), ...((request.body && typeof request.body === 'object' ? request.body : {}) as object) } as { qrcodeId?: unknown };
    const parsed = qrcodeIdParam.safeParse(input.qrcodeId);
    if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '二维码无效');
    const res = await ctx.db
      .updateTable('sysLoginQrcode')
      .set({ userId: me.id })
      .where('id', '=', sha256(qrcodeIdOf(parsed.data)))
      .where('userId', 'is', null)
      .where('expireTime', '>', formatDateTime(now()))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new BizError(QRCODE_MESSAGES.expired);
    return ok(QRCODE_MESSAGES.scanned, QRCODE_MESSAGES.scanned);
  });

  // Open: polled by the page that shows the code, every 1.5 s in the original client.
  app.get(
    '/sys/getQrcodeToken',
    { config: { public: true }, schema: { tags, summary: '轮询扫码结果', querystring: z.object({ qrcodeId: qrcodeIdParam, pollToken: z.string().max(100).optional() }) } },
    async (request) => {
      const id = sha256(request.query.qrcodeId);
      const nowText = formatDateTime(now());
      const row = await ctx.db.selectFrom('sysLoginQrcode').select(['browserHash', 'userId', 'expireTime']).where('id', '=', id).executeTakeFirst();
      const browser = request.query.pollToken || cookieOf(request);
      // another browser's poll learns nothing but that there is nothing for it
      if (!row || row.expireTime <= nowText || !browser || sha256(browser) !== row.browserHash) return ok({ token: QRCODE_EXPIRED });
      if (!row.userId) return ok({ token: QRCODE_WAITING });
      // single use: only one poll takes the confirmed code
      const taken = await ctx.db.deleteFrom('sysLoginQrcode').where('id', '=', id).where('userId', '=', row.userId).executeTakeFirst();
      if (Number(taken.numDeletedRows) !== 1) return ok({ token: QRCODE_EXPIRED });
      const user = await ctx.db
        .selectFrom('sysUser')
        .select(['id', 'username', 'orgCode', 'loginTenantId'])
        .where('id', '=', row.userId)
        .where('status', '=', 1)
        .where('delFlag', '=', 0)
        .executeTakeFirst();
      if (!user) return ok({ token: QRCODE_EXPIRED });
      const session = await startSession(ctx, user, request, { how: '扫码登录' });
      return ok({ success: true, ...session });
    },
  );
};
