// The notification socket (spec/01 §7, spec/02 §9): {domianURL}/websocket/{userId} with the token as
// sub-protocol. Heart beat every 20 s; on close it reconnects after 20 s; after more than 5 errors it
// stops. A pushed message with cmd topic or user means "reload the notices"; anything else is logged.
import { NOTICE_SOCKET } from '@anxue/shared/constants';

export interface NoticePushMessage {
  cmd?: string;
  msgId?: string;
  msgTxt?: string;
  noticeType?: string;
}

export interface NoticeSocketOptions {
  /** Base of the API, absolute or relative to the page (the runtime config's apiBase). */
  url: string;
  userId: string;
  token: string;
  /** A notice was pushed (cmd topic or user). */
  onNotice: (msg: NoticePushMessage) => void;
  /** The socket opened (true) or went down (false): polling runs only while it is down. */
  onState: (open: boolean) => void;
  /** Another JSON frame pushed on the same socket (a live quiz's step), for pages that listen for it. */
  onFrame?: (frame: Record<string, unknown>) => void;
  timings?: Partial<Record<keyof typeof NOTICE_SOCKET, number>>;
}

export function noticeSocketAddress(url: string, userId: string, page = globalThis.location?.href ?? 'http://localhost/'): string {
  const base = new URL(url, page).href.replace(/^http/, 'ws').replace(/\/$/, '');
  return `${base}/websocket/${encodeURIComponent(userId)}`;
}

/** What an incoming frame means; pure, so it is tested without a socket. */
export function readNoticeFrame(data: unknown): { kind: 'notice'; msg: NoticePushMessage } | { kind: 'heartbeat' } | { kind: 'log' } {
  if (data === 'ping') return { kind: 'heartbeat' };
  try {
    const msg = JSON.parse(String(data)) as NoticePushMessage;
    if (msg && (msg.cmd === 'topic' || msg.cmd === 'user')) return { kind: 'notice', msg };
  } catch {
    // falls through: unparseable frames are only logged
  }
  return { kind: 'log' };
}

/** Hands a JSON object frame to `onFrame`; false for anything else. */
function otherFrame(data: unknown, onFrame: (frame: Record<string, unknown>) => void): boolean {
  try {
    const frame = JSON.parse(String(data)) as unknown;
    if (!frame || typeof frame !== 'object' || Array.isArray(frame)) return false;
    onFrame(frame as Record<string, unknown>);
    return true;
  } catch {
    return false;
  }
}

/** Opens the socket; answers the function that closes it for good. */
export function connectNoticeSocket(o: NoticeSocketOptions): () => void {
  const t = { ...NOTICE_SOCKET, ...o.timings };
  let ws: WebSocket | null = null;
  let errors = 0;
  let stopped = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnect: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (stopped) return;
    try {
      ws = new WebSocket(noticeSocketAddress(o.url, o.userId), o.token ? [o.token] : undefined);
    } catch (err) {
      // a bad address never gets better: stay on polling
      console.warn('[通知] 无法连接', err);
      return;
    }
    ws.onopen = () => {
      o.onState(true);
      heartbeat = setInterval(() => ws?.readyState === WebSocket.OPEN && ws.send('ping'), t.heartbeatMs);
    };
    ws.onmessage = (e) => {
      const frame = readNoticeFrame(e.data);
      if (frame.kind === 'notice') o.onNotice(frame.msg);
      else if (frame.kind === 'log' && !(o.onFrame && otherFrame(e.data, o.onFrame))) console.debug('[通知] 未知消息', e.data);
    };
    ws.onerror = () => {
      errors++;
      console.warn(`[通知] 连接错误（第${errors}次）`);
    };
    ws.onclose = () => {
      clearInterval(heartbeat);
      o.onState(false);
      if (stopped || errors > t.maxErrors) return;
      reconnect = setTimeout(open, t.reconnectMs);
    };
  };
  open();
  return () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(reconnect);
    ws?.close();
  };
}

// Pages that change read state (我的消息) tell the bell to reload its count, without sharing a query client.
const changeListeners = new Set<() => void>();
export function announceNoticesChanged(): void {
  for (const l of changeListeners) l();
}
export function onNoticesChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => void changeListeners.delete(listener);
}
