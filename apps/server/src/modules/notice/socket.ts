// The notification socket (spec/01 §7): GET {apiBase}/websocket/{userId}, upgraded to a WebSocket, the
// access token as the sub-protocol. The original client names itself `<userId>_<md5 of token>`; either
// form is accepted, for the token's own user only. Pushes arrive through the bus, so a release on any
// node reaches the sockets every node holds.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { AuthError, BizError } from '../../core/errors';
import { protocolToken } from '../socket';

export const NOTICE_CHANNEL = 'notice.push';

/** What travels on the bus: the users to reach and the frame their browsers get. */
export interface NoticePush {
  userIds: string[];
  message: { cmd: 'topic' | 'user'; msgId: string; msgTxt: string; noticeType: string };
}

/** Sockets of this node by user (a user may have several tabs and browsers open). */
export class NoticeSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket) {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(socket);
  }

  remove(userId: string, socket: WebSocket) {
    const set = this.byUser.get(userId);
    set?.delete(socket);
    if (set && !set.size) this.byUser.delete(userId);
  }

  size(): number {
    let n = 0;
    for (const s of this.byUser.values()) n += s.size;
    return n;
  }

  deliver(push: NoticePush): number {
    const frame = JSON.stringify(push.message);
    let sent = 0;
    for (const userId of push.userIds) {
      for (const socket of this.byUser.get(userId) ?? []) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(frame);
        sent++;
      }
    }
    return sent;
  }
}

const params = z.object({ userId: z.string().min(1).max(200) });
/** The heart beats of the original client ("ping", "heartcheck") and of ours, answered with "ping". */
const HEART_BEATS = new Set(['ping', 'heartcheck', '{"type":"heart_beat"}']);

export async function noticeSocketRoutes(app: FastifyInstance) {
  const sockets = new NoticeSockets();
  const { db, tokens, bus } = app.ctx;
  const owners = new WeakMap<FastifyRequest, string>();

  const off = await bus.subscribe(NOTICE_CHANNEL, (raw) => {
    try {
      sockets.deliver(JSON.parse(raw) as NoticePush);
    } catch (err) {
      app.log.warn({ err }, 'unreadable notice push');
    }
  });
  app.addHook('onClose', async () => off());

  async function authenticate(request: FastifyRequest) {
    const p = params.safeParse(request.params);
    if (!p.success) throw new BizError('参数不正确');
    const token = protocolToken(request.headers['sec-websocket-protocol']);
    const claims = token ? await tokens.authenticate(token) : null;
    if (!claims) throw new AuthError();
    const user = await db.selectFrom('sysUser').select(['id', 'status', 'delFlag']).where('id', '=', claims.sub).executeTakeFirst();
    if (!user || user.status !== 1 || user.delFlag !== 0) throw new AuthError();
    const named = p.data.userId;
    if (named !== user.id && !named.startsWith(`${user.id}_`)) throw new BizError('无权接收其他用户的消息', { status: 403, code: 510 });
    owners.set(request, user.id);
  }

  app.get(
    '/websocket/:userId',
    // Public to the header guard: the token arrives as the sub-protocol and is checked in preValidation.
    { config: { public: true }, websocket: true, preValidation: authenticate },
    (socket, request) => {
      const userId = owners.get(request);
      if (!userId) return socket.close(1008, 'unauthenticated');
      sockets.add(userId, socket);
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const text = raw.toString();
        if (HEART_BEATS.has(text)) socket.send('ping');
        else app.log.debug({ userId }, 'notice socket: message ignored');
      });
      socket.on('close', () => sockets.remove(userId, socket));
    },
  );
}
