import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../core/access';
import { loadInstallSecret } from '../../core/auth';
import { callerOf, registerResource } from '../../core/crud';
import { formatDateTime, newId } from '../../core/db';
import { BizError } from '../../core/errors';
import { ok } from '../../core/http';
import { startSession } from '../system/login/service';
import { LoginFlows } from './flow';
import { clientSecretBox, loadOpenId, providerResource, Providers, THIRD_TYPE_PATTERN, type Provider } from './providers';

const tags = ['第三方登录'];

export const MESSAGES = {
  notLinked: '该第三方账号尚未绑定本系统账号：请先用账号密码登录，在 个人设置 → 账号绑定 中绑定后再使用第三方登录',
  stateInvalid: '登录请求已失效或无效，请重新发起第三方登录',
  ticketInvalid: '第三方登录凭证无效或已过期，请重新登录',
  providerRefused: '第三方登录未完成（对方拒绝或已取消）',
  verifyFailed: '第三方登录校验失败，请重新登录',
  userUnusable: '绑定的本系统账号已冻结或已删除',
  linkedElsewhere: '该第三方账号已绑定其他用户，请先解绑',
  bound: '绑定成功',
} as const;

/** Where the browser lands after the provider: our pages (the web app is served at the site root). */
const LOGIN_PAGE = '/user/login';
const TICKET_PAGE = '/oauth2-app/login';
const BINDING_PAGE = '/account/settings/binding';

const thirdTypeParam = z.string().regex(THIRD_TYPE_PATTERN, '第三方类型无效');

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The state also goes to the browser that started the flow: a callback from another browser (a link an attacker sends) is refused. */
const STATE_COOKIE = 'anxue_oidc_state';

function setStateCookie(reply: FastifyReply, request: FastifyRequest, path: string, state: string) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${STATE_COOKIE}=${state}; Path=${path}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
}

function stateCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === STATE_COOKIE) return rest.join('=');
  }
  return undefined;
}

function goTo(reply: FastifyReply, path: string, query: Record<string, string>) {
  return reply.redirect(`${path}?${new URLSearchParams(query).toString()}`, 302);
}

export const thirdLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const box = clientSecretBox(await loadInstallSecret(ctx.db));
  const providers = new Providers(ctx.db, box, { allowPrivate: ctx.config.oidcPrivateHosts });
  const flows = new LoginFlows(ctx.db, ctx.clock);
  const apiBase = ctx.config.apiBase;

  // ---- providers, configured by an administrator (system:thirdApp:*) ----
  const svc = registerResource(app, providerResource(box), { db: ctx.db, storage: ctx.storage });
  // the original client's names of the same actions (its form posts with the fields in the query string)
  const fieldsOf = (req: FastifyRequest) => ({ ...(req.query as object), ...((req.body as object | undefined) ?? {}) });
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/thirdApp/addThirdAppConfig',
    config: { permission: 'system:thirdApp:add' },
    schema: { tags, summary: '添加第三方登录配置（原版路径）' },
    handler: async (req) => {
      await svc.add(ctx.db, callerOf(req), fieldsOf(req));
      return ok(null, '添加成功！');
    },
  });
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/thirdApp/editThirdAppConfig',
    config: { permission: 'system:thirdApp:edit' },
    schema: { tags, summary: '编辑第三方登录配置（原版路径）' },
    handler: async (req) => {
      await svc.edit(ctx.db, callerOf(req), fieldsOf(req));
      return ok(null, '编辑成功!');
    },
  });
  app.delete(
    '/sys/thirdApp/deleteThirdAppConfig',
    { config: { permission: 'system:thirdApp:delete' }, schema: { tags, summary: '删除第三方登录配置（原版路径）', querystring: z.object({ id: z.string().min(1, '缺少id').max(64) }) } },
    async (req) => {
      await svc.remove(ctx.db, callerOf(req), [req.query.id]);
      return ok(null, '删除成功!');
    },
  );
  // The original asks for its tenant's DingTalk or WeCom app by type; ours answers the provider of that
  // type (secret masked), or null when none is configured.
  app.get(
    '/sys/thirdApp/getThirdConfigByTenantId',
    {
      config: { permission: 'system:thirdApp:list' },
      schema: { tags, summary: '按类型取第三方登录配置', querystring: z.object({ tenantId: z.string().max(20).optional(), thirdType: z.string().max(32).optional() }) },
    },
    async (req) => {
      const page = await svc.list(ctx.db, callerOf(req), req.query.thirdType ? { thirdType: req.query.thirdType, pageSize: '1' } : { pageSize: '1' });
      return ok(page.records[0] ?? null);
    },
  );

  // ---- sign-in ----
  // The sign-in page's buttons: code and name of each enabled provider, nothing else.
  app.get('/sys/thirdLogin/providers', { config: { public: true }, schema: { tags, summary: '可用的第三方登录方式' } }, async () => ok(await providers.enabled()));

  /** Starts an authorization (PKCE S256, state and nonce kept server-side) and answers the provider's address. */
  async function authorizationUrl(request: FastifyRequest, reply: FastifyReply, provider: Provider, purpose: 'login' | 'bind', userId: string | null): Promise<string> {
    const oidc = await loadOpenId();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const redirectUri = `${originOf(request)}${apiBase}/sys/thirdLogin/callback/${provider.thirdType}`;
    const state = await flows.startAuthorization({ thirdType: provider.thirdType, purpose, codeVerifier, nonce, redirectUri, userId });
    setStateCookie(reply, request, `${apiBase}/sys/thirdLogin/callback`, state);
    return oidc
      .buildAuthorizationUrl(provider.config, {
        redirect_uri: redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  }

  // The original client opens this address (a popup; ours navigates): off to the provider.
  app.get(
    '/sys/thirdLogin/render/:thirdType',
    { config: { public: true }, schema: { tags, summary: '跳转到第三方登录', params: z.object({ thirdType: z.string().max(64) }) } },
    async (req, reply) => {
      try {
        const provider = await providers.get(req.params.thirdType);
        return reply.redirect(await authorizationUrl(req, reply, provider, 'login', null), 302);
      } catch (err) {
        return goTo(reply, LOGIN_PAGE, { thirdLoginError: err instanceof BizError ? err.message : MESSAGES.verifyFailed });
      }
    },
  );

  // The provider sends the browser back here with code and state.
  app.get(
    '/sys/thirdLogin/callback/:thirdType',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '第三方登录回调',
        params: z.object({ thirdType: z.string().max(64) }),
        // what the provider sends back (code, state, or error); iss, session_state and the like pass through
        querystring: z.looseObject({ code: z.string().max(4000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() }),
      },
    },
    async (req, reply) => {
      const thirdType = req.params.thirdType;
      const query = req.query;
      const state = typeof query.state === 'string' ? query.state : '';
      const sameBrowser = !!state && stateCookieOf(req) === state;
      const flow = sameBrowser && THIRD_TYPE_PATTERN.test(thirdType) ? await flows.takeState(state, thirdType) : null;
      const fail = (message: string, purpose = flow?.purpose) =>
        purpose === 'bind' ? goTo(reply, BINDING_PAGE, { bindError: message }) : goTo(reply, LOGIN_PAGE, { thirdLoginError: message });
      if (!flow) return fail(MESSAGES.stateInvalid, 'login');
      if (typeof query.error === 'string') return fail(MESSAGES.providerRefused);

      let identity: { sub: string; username: string; name: string | null; picture: string | null };
      try {
        const provider = await providers.get(thirdType);
        const current = new URL(flow.redirectUri);
        current.search = new URL(req.url, 'http://x').search;
        const oidc = await loadOpenId();
        const tokens = await oidc.authorizationCodeGrant(provider.config, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims?.sub) return fail(MESSAGES.verifyFailed);
        const name = idClaims[provider.usernameClaim] ?? idClaims.preferred_username ?? idClaims.email ?? idClaims.sub;
        identity = {
          sub: idClaims.sub,
          username: String(name).slice(0, 255),
          name: typeof idClaims.name === 'string' ? idClaims.name.slice(0, 100) : null,
          picture: typeof idClaims.picture === 'string' && /^https?:\/\//.test(idClaims.picture) ? idClaims.picture.slice(0, 500) : null,
        };
      } catch (err) {
        req.log.warn({ err, thirdType }, 'third-party sign-in: code exchange or ID token refused');
        return fail(err instanceof BizError ? err.message : MESSAGES.verifyFailed);
      }

      const account = await ctx.db
        .selectFrom('sysThirdAccount')
        .select(['id', 'sysUserId'])
        .where('thirdType', '=', thirdType)
        .where('thirdUserUuid', '=', identity.sub)
        .where('delFlag', '=', 0)
        .executeTakeFirst();

      if (flow.purpose === 'bind') {
        const userId = flow.userId;
        const user = userId ? await ctx.db.selectFrom('sysUser').select('username').where('id', '=', userId).where('delFlag', '=', 0).executeTakeFirst() : undefined;
        if (!userId || !user) return fail(MESSAGES.stateInvalid);
        if (account && account.sysUserId !== userId) return fail(MESSAGES.linkedElsewhere);
        const now = formatDateTime(ctx.clock.now());
        try {
          await ctx.db.transaction().execute(async (trx) => {
            // one account of a provider per user: binding again replaces the earlier one
            await trx.deleteFrom('sysThirdAccount').where('sysUserId', '=', userId).where('thirdType', '=', thirdType).execute();
            await trx
              .insertInto('sysThirdAccount')
              .values({
                id: newId(),
                sysUserId: userId,
                thirdType,
                thirdUserUuid: identity.sub,
                thirdUserId: identity.username,
                realname: identity.name,
                avatar: identity.picture,
                createBy: user.username,
                createTime: now,
              })
              .execute();
          });
        } catch (err) {
          // another user bound the same account a moment earlier (the unique index decides)
          req.log.warn({ err, thirdType }, 'third-party binding refused');
          return fail(MESSAGES.linkedElsewhere);
        }
        return goTo(reply, BINDING_PAGE, { bound: thirdType });
      }

      if (!account) return fail(MESSAGES.notLinked);
      const ticket = await flows.issueTicket(thirdType, account.sysUserId);
      // the original's OAuth2 page reads these two names
      return goTo(reply, TICKET_PAGE, { oauth2LoginToken: ticket, thirdType });
    },
  );

  // The client exchanges the one-time token for the real login answer (token, userInfo, departs, ...).
  // The original client adds its tenant as a third segment; the user's own tenants decide.
  const getLoginUser = async (req: FastifyRequest<{ Params: { token: string; thirdType: string } }>) => {
    const { token, thirdType } = req.params;
    const userId = THIRD_TYPE_PATTERN.test(thirdType) ? await flows.takeTicket(token, thirdType) : null;
    if (!userId) throw new BizError(MESSAGES.ticketInvalid);
    const user = await ctx.db
      .selectFrom('sysUser')
      .select(['id', 'username', 'orgCode', 'loginTenantId', 'status'])
      .where('id', '=', userId)
      .where('delFlag', '=', 0)
      .executeTakeFirst();
    if (!user || user.status !== 1) throw new BizError(MESSAGES.userUnusable);
    return ok(await startSession(ctx, user, req, { how: `第三方登录 ${thirdType}` }), '登录成功');
  };
  const ticketParams = z.object({ token: z.string().min(1).max(200), thirdType: z.string().max(64) });
  app.get('/sys/thirdLogin/getLoginUser/:token/:thirdType', { config: { public: true }, schema: { tags, summary: '以一次性凭证换取登录信息', params: ticketParams } }, getLoginUser);
  app.get(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType/:tenantId',
    { config: { public: true }, schema: { tags, summary: '以一次性凭证换取登录信息（原版客户端带租户）', params: ticketParams.extend({ tenantId: z.string().max(20) }) } },
    getLoginUser,
  );

  // ---- the signed-in user's own linked accounts (个人设置 → 账号绑定) ----
  // Starts binding: the answer is the provider's address to open; the provider's callback links the
  // account it proves to the user who started here (the state carries who), never to an id a client sends.
  app.route({
    method: ['POST', 'GET'],
    url: '/sys/thirdApp/bindThirdAppAccount',
    config: { auth: true },
    schema: { tags, summary: '绑定第三方账号（跳转到第三方）', querystring: z.object({ thirdType: thirdTypeParam.optional() }).passthrough() },
    handler: async (req, reply) => {
      const thirdType = (req.query as { thirdType?: string }).thirdType ?? (req.body as { thirdType?: unknown } | undefined)?.thirdType;
      const parsed = thirdTypeParam.safeParse(thirdType);
      if (!parsed.success) throw new BizError('请选择要绑定的第三方');
      const provider = await providers.get(parsed.data);
      return ok({ url: await authorizationUrl(req, reply, provider, 'bind', currentUser(req).id) });
    },
  });

  app.get(
    '/sys/thirdApp/getThirdAccountByUserId',
    { config: { auth: true }, schema: { tags, summary: '当前用户绑定的第三方账号', querystring: z.object({ thirdType: z.string().max(500).optional() }) } },
    async (req) => {
      const types = (req.query.thirdType ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      let q = ctx.db
        .selectFrom('sysThirdAccount')
        .select(['id', 'sysUserId', 'thirdType', 'thirdUserUuid', 'thirdUserId', 'realname', 'avatar', 'createTime'])
        .where('sysUserId', '=', currentUser(req).id)
        .where('delFlag', '=', 0);
      if (types.length) q = q.where('thirdType', 'in', types);
      return ok(await q.orderBy('createTime').execute());
    },
  );

  app.delete(
    '/sys/thirdApp/deleteThirdAccount',
    { config: { auth: true }, schema: { tags, summary: '解绑自己的第三方账号', querystring: z.object({ id: z.string().min(1, '缺少id').max(64), sysUserId: z.string().max(64).optional() }) } },
    async (req) => {
      const removed = await ctx.db.deleteFrom('sysThirdAccount').where('id', '=', req.query.id).where('sysUserId', '=', currentUser(req).id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new BizError('未找到该绑定');
      return ok(null, '解绑成功');
    },
  );
};

