import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared';
import type { LivePushFrame, LiveState } from '@anxue/shared/live';
import { buildApp } from '../../../app';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { insertClass, insertQuestion, userWith } from '../study/test-kit';

// 课堂答题 on two server nodes sharing one database and joined by Redis: the teacher's steps go to node A, a
// phone joins, answers and holds its socket on node B; it hears the next question, and the teacher's
// state on node A counts its answer. Runs when TEST_REDIS_URL names a Redis server.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('a live quiz across nodes (TEST_REDIS_URL)', () => {
  let nodeA: TestApp;
  let nodeB: FastifyInstance;
  let socket: WebSocket | undefined;

  beforeAll(async () => {
    nodeA = await createTestApp({ REDIS_URL: redisUrl! });
    nodeB = await buildApp(nodeA.config, { database: { db: nodeA.db, dialect: nodeA.dialect, close: async () => {} }, logger: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    socket?.terminate();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a step on node A reaches the phone on node B, and its answer counts on node A', async () => {
    const teacher = await userWith(nodeA, 'live_nodes_teacher', [STUDY_PERMISSION, TEACH_PERMISSION]);
    const student = await userWith(nodeA, 'live_nodes_student');
    const classId = await insertClass(nodeA.db, '跨节点班', [{ userId: teacher.id, role: 'teacher' }, { userId: student.id, role: 'student' }]);
    const questionId = await insertQuestion(nodeA.db, { answer: 'A' });
    const { id, code } = (await apiCall(nodeA.app, teacher.token, 'POST', '/students/live/start', { classId, questionIds: [questionId] })).body.result;
    expect((await apiCall(nodeB, student.token, 'POST', '/students/live/join', { code })).body.result.id).toBe(id);

    const port = (nodeB.server.address() as AddressInfo).port;
    socket = new WebSocket(`ws://127.0.0.1:${port}/api/websocket/${student.id}_live`, student.token);
    await new Promise((ok, fail) => socket!.once('open', ok).once('error', fail));
    // beat until node B answers: the socket is registered there
    await new Promise<void>((ok) => {
      const beat = setInterval(() => socket!.send('ping'), 100);
      socket!.on('message', function answered(d) {
        if (String(d) !== 'ping') return;
        clearInterval(beat);
        socket!.off('message', answered);
        ok();
      });
    });
    const heard = new Promise<LivePushFrame>((ok) => socket!.on('message', (d) => String(d).includes('"cmd":"live"') && ok(JSON.parse(String(d)))));
    await apiCall(nodeA.app, teacher.token, 'POST', '/students/live/next', { id, seconds: 30 });
    expect(await heard).toMatchObject({ cmd: 'live', sessionId: id, event: 'question', index: 0 });

    expect((await apiCall(nodeB, student.token, 'POST', '/students/live/answer', { id, questionId, answer: 'A' })).body.success).toBe(true);
    const state = (await apiCall(nodeA.app, teacher.token, 'GET', `/students/live/state?id=${id}`)).body.result as LiveState;
    expect(state).toMatchObject({ joined: 1, answered: 1, phase: 'question' });
  });
});
