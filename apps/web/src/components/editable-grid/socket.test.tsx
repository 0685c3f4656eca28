// Table live-update socket (spec/02 §4, §6, §9) against a real `ws` server on a random port.
import { act, fireEvent, waitFor } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { openTableSocket, reduceSocketMessage, socketAddress } from './socket';
import { cellOf, renderGrid } from './testing';
import type { GridColumn } from './types';

interface Conn {
  socket: ServerSocket;
  path: string;
  protocol: string;
  received: unknown[];
}
let wss: WebSocketServer;
let url = '';
const conns: Conn[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on('connection', (socket, req) => {
    const conn: Conn = { socket, path: req.url ?? '', protocol: socket.protocol, received: [] };
    socket.on('message', (data) => {
      const msg = JSON.parse(String(data));
      conn.received.push(msg);
      // Pages named "echo-*" talk to a live server that answers heart beats.
      if (msg.type === 'heart_beat' && conn.path.includes('/echo-')) socket.send(JSON.stringify({ type: 'heart_beat' }));
    });
    conns.push(conn);
  });
});
afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
});

describe('socket message reducer', () => {
  const ctx = { socketKey: 'orders', caseId: 'me' };
  const row = { id: 'a', name: 'x' };
  it('applies update_vxe_table from another page of the same table only', () => {
    expect(reduceSocketMessage(JSON.stringify({ type: 'update_vxe_table', socketKey: 'orders', args: [row, 'other'] }), ctx)).toEqual({
      kind: 'update',
      row,
    });
    expect(reduceSocketMessage({ type: 'update_vxe_table', socketKey: 'orders', args: [row, 'me'] }, ctx)).toMatchObject({ reason: 'own-edit' });
    expect(reduceSocketMessage({ type: 'update_vxe_table', socketKey: 'users', args: [row, 'x'] }, ctx)).toMatchObject({ reason: 'other-table' });
  });
  it('ignores heart beats and only logs unknown, malformed or unparseable messages', () => {
    expect(reduceSocketMessage('{"type":"heart_beat"}', ctx)).toEqual({ kind: 'ignore', reason: 'heartbeat' });
    expect(reduceSocketMessage('{"type":"common_send_date"}', ctx)).toMatchObject({ kind: 'ignore' });
    expect(reduceSocketMessage('{"type":"weird"}', ctx)).toMatchObject({ kind: 'log', reason: 'unknown-type' });
    expect(reduceSocketMessage('not json', ctx)).toMatchObject({ kind: 'log', reason: 'unparseable' });
    expect(reduceSocketMessage({ type: 'update_vxe_table', socketKey: 'orders', args: [] }, ctx)).toMatchObject({ reason: 'bad-shape' });
  });
  it('builds the address from url, user and page', () => {
    expect(socketAddress({ url: 'ws://h/api/', userId: 'u1', pageId: 'p1', token: 't' })).toBe('ws://h/api/vxeSocket/u1/p1');
  });
});

describe('grid with a socket', () => {
  it('connects with the token as sub-protocol, applies updates from other pages, sends its own', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input' }];
    const { container, grid, unmount } = renderGrid({
      columns,
      value: [{ id: 'a', name: '旧' }],
      socket: { url, userId: 'u1', pageId: 'page-1', token: 'tok-9', socketKey: 'orders' },
    });
    await waitFor(() => expect(conns.find((c) => c.path === '/vxeSocket/u1/page-1')).toBeDefined());
    const conn = conns.find((c) => c.path === '/vxeSocket/u1/page-1')!;
    expect(conn.protocol).toBe('tok-9');

    conn.socket.send(JSON.stringify({ type: 'update_vxe_table', socketKey: 'orders', args: [{ id: 'a', name: '别处改的' }, 'other-page'] }));
    await waitFor(() => expect(cellOf(container, 0, 'name').querySelector('input')).toHaveValue('别处改的'));

    conn.socket.send('garbage');
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[grid socket] ignored message:', 'unparseable', 'garbage'));

    act(() => grid().sendSocketUpdate({ id: 'a', name: '本页改的' }));
    await waitFor(() => expect(conn.received).toHaveLength(1));
    const sent = conn.received[0] as { type: string; socketKey: string; args: [Record<string, unknown>, string] };
    expect(sent).toMatchObject({ type: 'update_vxe_table', socketKey: 'orders' });
    expect(sent.args[0]).toMatchObject({ id: 'a', name: '本页改的' });
    // Our own message echoed back is not applied again.
    conn.socket.send(JSON.stringify({ ...sent, args: [{ id: 'a', name: '回声' }, sent.args[1]] }));
    await new Promise((r) => setTimeout(r, 100));
    expect(cellOf(container, 0, 'name').querySelector('input')).toHaveValue('别处改的');
    unmount();
    warn.mockRestore();
  });

  it('sends heart beats and reconnects after the server closes the connection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = conns.length;
    const sock = openTableSocket({ url, userId: 'u2', pageId: 'p2', token: 't2' }, () => {}, { heartbeatMs: 40, reconnectMs: 80 });
    try {
      await waitFor(() => expect(conns.length).toBe(before + 1));
      const first = conns[before];
      await waitFor(() => expect(first.received).toContainEqual({ type: 'heart_beat' }));
      first.socket.close();
      await waitFor(() => expect(conns.length).toBe(before + 2), { timeout: 2000 });
      expect(conns[before + 1].path).toBe('/vxeSocket/u2/p2');
    } finally {
      sock.close();
      warn.mockRestore();
    }
  });

  it('drops a connection whose heart beat gets no reply within the reply timeout, and opens a new one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = conns.length;
    const sock = openTableSocket({ url, userId: 'u3', pageId: 'silent', token: 't3' }, () => {}, { heartbeatMs: 30, replyTimeoutMs: 120, reconnectMs: 30 });
    try {
      await waitFor(() => expect(conns.length).toBe(before + 1));
      const first = conns[before];
      // The server never answers: the page gives up on this connection and dials again.
      await waitFor(() => expect(conns.length).toBeGreaterThanOrEqual(before + 2), { timeout: 2000 });
      expect(conns[before + 1].path).toBe('/vxeSocket/u3/silent');
      await waitFor(() => expect(first.socket.readyState).toBe(first.socket.CLOSED));
      expect(warn).toHaveBeenCalledWith('[grid socket] no reply to the heart beat, reconnecting');
    } finally {
      sock.close();
      warn.mockRestore();
    }
  });

  it('keeps a connection whose heart beats are answered', async () => {
    const before = conns.length;
    const sock = openTableSocket({ url, userId: 'u4', pageId: 'echo-1', token: 't4' }, () => {}, { heartbeatMs: 30, replyTimeoutMs: 120, reconnectMs: 30 });
    try {
      await waitFor(() => expect(conns.length).toBe(before + 1));
      await new Promise((r) => setTimeout(r, 500)); // about 16 beats, each answered well within 120 ms
      expect(conns[before].received.filter((m) => (m as { type: string }).type === 'heart_beat').length).toBeGreaterThan(5);
      expect(conns.length).toBe(before + 1);
      expect(conns[before].socket.readyState).toBe(conns[before].socket.OPEN);
    } finally {
      sock.close();
    }
  });

  it('with sendEdits, sends a row the user typed in once the typing pauses, but never echoes rows changed by messages', async () => {
    const columns: GridColumn[] = [{ key: 'name', title: '名称', type: 'input' }];
    const { container, unmount } = renderGrid({
      columns,
      value: [{ id: 'a', name: '' }],
      socket: { url, userId: 'u5', pageId: 'typing-1', token: 't5', socketKey: 'typing', sendEdits: true },
    });
    await waitFor(() => expect(conns.find((c) => c.path === '/vxeSocket/u5/typing-1')).toBeDefined());
    const conn = conns.find((c) => c.path === '/vxeSocket/u5/typing-1')!;
    const input = cellOf(container, 0, 'name').querySelector('input')!;
    for (const text of ['甲', '甲乙', '甲乙丙']) act(() => void fireEvent.change(input, { target: { value: text } }));
    await waitFor(() => expect(conn.received.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toHaveLength(1));
    const sent = conn.received.find((m) => (m as { type: string }).type === 'update_vxe_table') as { args: [Record<string, unknown>, string] };
    expect(sent.args[0]).toMatchObject({ id: 'a', name: '甲乙丙' });

    conn.socket.send(JSON.stringify({ type: 'update_vxe_table', socketKey: 'typing', args: [{ id: 'a', name: '别处' }, 'other'] }));
    await waitFor(() => expect(input).toHaveValue('别处'));
    await new Promise((r) => setTimeout(r, 500));
    expect(conn.received.filter((m) => (m as { type: string }).type === 'update_vxe_table')).toHaveLength(1);
    unmount();
  });
});
