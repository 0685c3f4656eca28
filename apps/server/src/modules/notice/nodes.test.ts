import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { apiCall, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { seedId } from '../../core/db';

// Two server nodes on one database, joined by Redis: a release on node A reaches a socket held by node B.
// Runs when TEST_REDIS_URL names a Redis server.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('announcement push across nodes (TEST_REDIS_URL)', () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let token = '';
  let socket: WebSocket | undefined;

  beforeAll(async () => {
    nodeA = await createTestApp({ REDIS_URL: redisUrl! });
    nodeB = await buildApp(nodeA.config, { database: { db: nodeA.db, dialect: nodeA.dialect, close: async () => {} }, logger: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    token = await login(nodeA.app);
  });
  afterAll(async () => {
    socket?.terminate();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('delivers a release made on node A to the socket on node B', async () => {
    const port = (nodeB.server.address() as AddressInfo).port;
    socket = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${seedId('user.admin')}`, token);
    await new Promise((ok, fail) => socket!.once('open', ok).once('error', fail));
    // The client's 'open' comes before node B has checked the token and registered the socket, and a frame
    // sent in between is dropped: beat until one is answered, which proves the socket is registered.
    await new Promise<void>((ok) => {
      const beat = setInterval(() => socket!.send('ping'), 100);
      socket!.on('message', function answered(d) {
        if (String(d) !== 'ping') return;
        clearInterval(beat);
        socket!.off('message', answered);
        ok();
      });
      socket!.send('ping');
    });
    // Other files may release announcements on the same Redis at the same time: wait for this one.
    const heard = new Promise<string>((ok) =>
      socket!.on('message', (d) => {
        if (String(d).includes('跨节点通知')) ok(String(d));
      }),
    );
    expect((await apiCall(nodeA.app, token, 'POST', '/sys/annountCement/add', { titile: '跨节点通知' })).body.success).toBe(true);
    const id = (await nodeA.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '跨节点通知').executeTakeFirstOrThrow()).id;
    expect((await apiCall(nodeA.app, token, 'GET', `/sys/annountCement/doReleaseData?id=${id}`)).body.success).toBe(true);
    expect(JSON.parse(await heard)).toMatchObject({ cmd: 'topic', msgId: id, msgTxt: '跨节点通知' });
  });
});
