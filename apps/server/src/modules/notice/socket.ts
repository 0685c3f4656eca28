// The notification socket (spec/01 §7): GET {apiBase}/websocket/{userId}, upgraded to a WebSocket, the
// access token as the sub-protocol. The original client names itself `<userId>_<md5 of token>`; either
// form is accepted, for the token's own user only. Pushes arrive through the bus, so a release on any
// node reaches the sockets every node holds; so do ended sessions, whose sockets close wherever they are.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { revocationEnds, TOKENS_REVOKED, type Revocation } from '../../core/auth';
import type { LivePushFrame } from '@anxue/shared/live';
import { AuthError, BizError } from '../../core/errors';
import { protocolToken } from '../socket';

export const NOTICE_CHANNEL = 'notice.push';

/** What travels on the bus: the users to reach and the frame their browsers get (a notice, or a live quiz's step). */
export interface NoticePush {
  userIds: string[];
  message: { cmd: 'topic' | 'user'; msgId: string; msgTxt: string; noticeType: string } | LivePushFrame;
}

/** At most this many notification sockets per user on a node (tabs and browsers); a further one is refused. */
export const MAX_SOCKETS_PER_USER = 10;
/** Close frames: the session that opened the socket ended (sign-out, revoked, expired); too many sockets. */
export const CLOSE_SESSION_ENDED = { code: 4401, reason: 'session ended' } as const;
export const CLOSE_TOO_MANY = { code: 4429, reason: 'too many connections' } as const;
/** Longest delay setTimeout takes; a later expiry is rechecked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An open socket and the session (token) that opened it. */
export interface NoticeSession {
  userId: string;
  jti: string;
  socket: WebSocket;
}

/** Sockets of this node by user (a user may have several tabs and browsers open), with their sessions. */
export class NoticeSockets {
  private readonly byUser = new Map<string, Set<NoticeSession>>();

  /** Registers a socket; false (nothing registered) when its user already holds the most allowed. */
  add(session: NoticeSession): boolean {
    let set = this.byUser.get(session.userId);
    if (set && set.size >= MAX_SOCKETS_PER_USER) return false;
    if (!set) this.byUser.set(session.userId, (set = new Set()));
    set.add(session);
    return true;
  }

  remove(session: NoticeSession) {
    const set = this.byUser.get(session.userId);
    set?.delete(session);
    if (set && !set.size) this.byUser.delete(session.userId);
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
      for (const { socket } of this.byUser.get(userId) ?? []) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(frame);
        sent++;
      }
    }
    return sent;
  }

  /** Closes the sockets of the sessions a revocation ended; answers how many. */
  end(r: Revocation): number {
    const sets = 'jti' in r ? [...this.byUser.values()] : [this.byUser.get(r.userId) ?? new Set<NoticeSession>()];
    let closed = 0;
    for (const set of sets) {
      for (const session of [...set]) {
        if (!revocationEnds(r, session)) continue;
        this.close(session, CLOSE_SESSION_ENDED);
        closed++;
      }
    }
    return closed;
  }

  /** Unregisters a socket at once (no push reaches it while it closes) and closes it. */
  close(session: NoticeSession, why: { code: number; reason: string }) {
    this.remove(session);
    session.socket.close(why.code, why.reason);
  }
}

const params = z.object({ userId: z.string().min(1).max(200) });
/** The heart beats of the original client ("ping", "heartcheck") and of ours, answered with "ping". */
const HEART_BEATS = new Set(['ping', 'heartcheck', '{"type":"heart_beat"}']);

export async function noticeSocketRoutes(app: FastifyInstance) {
  const sockets = new NoticeSockets();
  const { db, tokens, bus, clock } = app.ctx;
  const owners = new WeakMap<FastifyRequest, { userId: string; jti: string; exp: number }>();

  const offPush = await bus.subscribe(NOTICE_CHANNEL, (raw) => {
    try {
      sockets.deliver(JSON.parse(raw) as NoticePush);
    } catch (err) {
      app.log.warn({ err }, 'unreadable notice push');
    }
  });
  // TokenService.revoke and revokeUser, on any node
  const offRevoked = await bus.subscribe(TOKENS_REVOKED, (raw) => {
    try {
      sockets.end(JSON.parse(raw) as Revocation);
    } catch (err) {
      app.log.warn({ err }, 'unreadable token revocation');
    }
  });
  app.addHook('onClose', async () => {
    await offPush();
    await offRevoked();
  });

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
    owners.set(request, { userId: user.id, jti: claims.jti, exp: claims.exp });
  }

  app.get(
    '/websocket/:userId',
    // Public to the header guard: the token arrives as the sub-protocol and is checked in preValidation.
    { config: { public: true }, websocket: true, preValidation: authenticate },
    (socket, request) => {
      const owner = owners.get(request);
      if (!owner) return socket.close(1008, 'unauthenticated');
      const { userId, jti } = owner;
      const session: NoticeSession = { userId, jti, socket };
      if (!sockets.add(session)) return socket.close(CLOSE_TOO_MANY.code, CLOSE_TOO_MANY.reason);
      // the session may have ended between the token check and now, its revocation heard by nobody
      tokens.store.isActive(jti, userId, clock.now()).then(
        (active) => active || sockets.close(session, CLOSE_SESSION_ENDED),
        (err) => app.log.warn({ err }, 'notice socket: session not rechecked'),
      );
      // the token's expiry ends the session too
      let expiry: NodeJS.Timeout | undefined;
      const closeAtExpiry = () => {
        const left = owner.exp * 1000 - clock.now().getTime();
        if (left <= 0) return sockets.close(session, CLOSE_SESSION_ENDED);
        expiry = setTimeout(closeAtExpiry, Math.min(left, MAX_TIMER_MS));
        expiry.unref();
      };
      closeAtExpiry();
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const text = raw.toString();
        if (HEART_BEATS.has(text)) socket.send('ping');
        else app.log.debug({ userId }, 'notice socket: message ignored');
      });
      socket.on('close', () => {
        clearTimeout(expiry);
        sockets.remove(session);
      });
    },
  );
}
