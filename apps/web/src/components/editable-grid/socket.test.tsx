// Table live-update socket (spec/02 §4, §6, §9) against a real `ws` server on a random port.
import { act, waitFor } from '@testing-library/react';
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
    socket.on('message', (data) => conn.received.push(JSON.parse(String(data))));
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
});
