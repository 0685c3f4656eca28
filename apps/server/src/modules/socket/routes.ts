// The table live-update socket (spec/02 §4, §9): GET {apiBase}/vxeSocket/{userId}/{pageId}, upgraded to
// a WebSocket. Browsers cannot set headers on a WebSocket, so the access token comes as the
// sub-protocol; it is checked like the X-Access-Token header before the upgrade (401/403 refuse it).
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TOKENS_REVOKED, type Revocation } from '../../core/auth';
import { AuthError, BizError } from '../../core/errors';
import { TableSocketHub, type PageConnection } from './hub';
import { HEART_BEAT, readMessage } from './messages';

const params = z.object({
  userId: z.string().min(1).max(64),
  pageId: z.string().regex(/^[\w.-]{1,100}$/),
});
const MAX_MESSAGE_BYTES = 64 * 1024;

/** The first sub-protocol offered (the browser sends `Sec-WebSocket-Protocol: token`). */
export function protocolToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}

interface SocketUser {
  userId: string;
  jti: string;
  pageId: string;
  tenantId: number;
}
const socketUsers = new WeakMap<FastifyRequest, SocketUser>();

export async function tableSocketRoutes(app: FastifyInstance, opts: { hub?: TableSocketHub } = {}) {
  const hub = opts.hub ?? new TableSocketHub();
  const { db, tokens, bus, clock } = app.ctx;
  // The app registers the WebSocket server once for every socket route; alone (tests of this plugin) it brings its own.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  // a page's socket ends with its session, on whichever node the session was ended (TokenService.revoke)
  const off = await bus.subscribe(TOKENS_REVOKED, (raw) => {
    try {
      hub.end(JSON.parse(raw) as Revocation);
    } catch (err) {
      app.log.warn({ err }, 'unreadable token revocation');
    }
  });
  app.addHook('onClose', async () => off());

  async function authenticate(request: FastifyRequest) {
    const p = params.safeParse(request.params);
    if (!p.success) throw new BizError('参数不正确');
    const token = protocolToken(request.headers['sec-websocket-protocol']);
    const claims = token ? await tokens.authenticate(token) : null;
    if (!claims) throw new AuthError();
    const user = await db.selectFrom('sysUser').select(['id', 'status', 'delFlag', 'loginTenantId']).where('id', '=', claims.sub).executeTakeFirst();
    if (!user || user.status !== 1 || user.delFlag !== 0) throw new AuthError();
    // A page may listen only as the user its token names.
    if (p.data.userId !== user.id) throw new BizError('无权连接其他用户的页面', { status: 403, code: 510 });
    socketUsers.set(request, { userId: user.id, jti: claims.jti, pageId: p.data.pageId, tenantId: user.loginTenantId ?? 0 });
  }

  app.get(
    '/vxeSocket/:userId/:pageId',
    // Public to the header guard: the token arrives as the sub-protocol and is checked in preValidation.
    { config: { public: true }, websocket: true, preValidation: authenticate },
    (socket, request) => {
      const who = socketUsers.get(request);
      if (!who) return socket.close(1008, 'unauthenticated');
      const page: PageConnection = { socket, ...who };
      if (!hub.add(page)) return socket.close(1008, 'too many pages');
      // the session may have ended between the token check and now, its revocation heard by nobody
      tokens.store.isActive(page.jti, page.userId, clock.now()).then(
        (active) => active || hub.end({ jti: page.jti }),
        (err) => app.log.warn({ err }, 'table socket: session not rechecked'),
      );
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const incoming = readMessage(raw.toString());
        if (incoming.kind === 'heart_beat') socket.send(HEART_BEAT);
        else if (incoming.kind === 'update') hub.relay(page, JSON.stringify(incoming.message));
      });
      socket.on('close', () => hub.remove(page));
    },
  );
}
