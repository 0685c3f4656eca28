// Table live-update socket (spec/02 §4, §6, §9): connect to {url}/vxeSocket/{userId}/{pageId} with the
// token as sub-protocol, heartbeat every 10 s, reconnect 5 s after error or close. A heart beat left
// without any answer for 6 s means a dead connection (a half-open TCP link never fires close): the
// socket is dropped and reopened.
import { TABLE_SOCKET } from '@anxue/shared/constants';
import type { GridRow, GridSocketOptions, SocketAction, TableSocketMessage } from './types';

export function socketAddress(o: GridSocketOptions): string {
  return `${o.url.replace(/\/$/, '')}/vxeSocket/${encodeURIComponent(o.userId)}/${encodeURIComponent(o.pageId)}`;
}

/** Decides what an incoming message does to this table; pure, so it is tested without a socket. */
export function reduceSocketMessage(data: unknown, ctx: { socketKey: string; caseId: string }): SocketAction {
  let msg: unknown;
  try {
    msg = typeof data === 'string' ? JSON.parse(data) : data;
  } catch {
    return { kind: 'log', reason: 'unparseable', data };
  }
  if (!msg || typeof msg !== 'object') return { kind: 'log', reason: 'unparseable', data };
  const m = msg as Partial<TableSocketMessage> & Record<string, unknown>;
  switch (m.type) {
    case 'heart_beat':
      return { kind: 'ignore', reason: 'heartbeat' };
    case 'common_send_date':
      return { kind: 'ignore', reason: 'common' };
    case 'update_vxe_table': {
      const args = m.args as unknown;
      if (!Array.isArray(args) || !args[0] || typeof args[0] !== 'object' || (args[0] as GridRow).id == null) {
        return { kind: 'log', reason: 'bad-shape', data: msg };
      }
      if (m.socketKey !== ctx.socketKey) return { kind: 'ignore', reason: 'other-table' };
      if (args[1] === ctx.caseId) return { kind: 'ignore', reason: 'own-edit' };
      return { kind: 'update', row: args[0] as GridRow };
    }
    default:
      return { kind: 'log', reason: 'unknown-type', data: msg };
  }
}

export function updateMessage(socketKey: string, row: GridRow, caseId: string): TableSocketMessage {
  return { type: 'update_vxe_table', socketKey, args: [row, caseId] };
}

export interface TableSocket {
  send(message: TableSocketMessage): boolean;
  close(): void;
}

export interface TableSocketTimers {
  heartbeatMs?: number;
  reconnectMs?: number;
  replyTimeoutMs?: number;
}

/** Opens the socket and keeps it open until close(); every message goes through onMessage. */
export function openTableSocket(
  options: GridSocketOptions,
  onMessage: (data: unknown) => void,
  timers: TableSocketTimers = {},
): TableSocket {
  const heartbeatMs = timers.heartbeatMs ?? TABLE_SOCKET.heartbeatMs;
  const reconnectMs = timers.reconnectMs ?? TABLE_SOCKET.reconnectMs;
  const replyTimeoutMs = timers.replyTimeoutMs ?? TABLE_SOCKET.replyTimeoutMs;
  let ws: WebSocket | null = null;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let replyTimer: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const stopTimers = () => {
    clearInterval(heartbeat);
    clearTimeout(replyTimer);
    replyTimer = undefined;
  };
  const scheduleReconnect = () => {
    stopTimers();
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, reconnectMs);
  };

  function connect() {
    if (closed) return;
    try {
      ws = new WebSocket(socketAddress(options), options.token ? [options.token] : undefined);
    } catch (err) {
      console.warn('[grid socket] connect failed', err);
      scheduleReconnect();
      return;
    }
    const socket = ws;
    socket.onopen = () => {
      stopTimers();
      heartbeat = setInterval(() => {
        if (socket.readyState !== WebSocket.OPEN) return;
        socket.send(JSON.stringify({ type: 'heart_beat' }));
        // The first beat without a reply arms the timer; any message from the server disarms it.
        replyTimer ??= setTimeout(() => {
          console.warn('[grid socket] no reply to the heart beat, reconnecting');
          socket.onclose = null;
          socket.onerror = null;
          socket.close();
          scheduleReconnect();
        }, replyTimeoutMs);
      }, heartbeatMs);
    };
    socket.onmessage = (ev) => {
      clearTimeout(replyTimer);
      replyTimer = undefined;
      onMessage(ev.data);
    };
    socket.onerror = (ev) => {
      console.warn('[grid socket] error', ev.type);
      scheduleReconnect();
    };
    socket.onclose = () => scheduleReconnect();
  }

  connect();
  return {
    send(message) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      stopTimers();
      clearTimeout(retry);
      if (ws) {
        ws.onclose = null;
        ws.onerror = null;
        ws.close();
      }
    },
  };
}
