import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectNoticeSocket, noticeSocketAddress, readNoticeFrame, type NoticePushMessage } from './noticeSocket';

// The browser side of the notification socket against the real server listening on a local port: it
// opens with the token as sub-protocol and hears a release at once.
const SERVER_TEST_APP = '../../../server/test/helpers/test-app.ts';

interface Inject {
  json(): any;
}
interface Server {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<Inject>;
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): AddressInfo };
}
let test: { app: Server; close(): Promise<void> };
let token = '';
let base = '';

beforeAll(async () => {
  const helpers = await import(/* @vite-ignore */ resolve(dirname(fileURLToPath(import.meta.url)), SERVER_TEST_APP));
  test = await helpers.createTestApp();
  token = await helpers.login(test.app);
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${test.app.server.address().port}/api`;
}, 60_000);
afterAll(() => test?.close());

const call = async (method: string, url: string, payload?: unknown) =>
  (await test.app.inject({ method, url: `/api${url}`, headers: { 'x-access-token': token }, payload: payload as object })).json();

describe('notification socket client', () => {
  it('builds ws addresses from absolute and page-relative API bases', () => {
    expect(noticeSocketAddress('https://x.cn/api', 'u 1')).toBe('wss://x.cn/api/websocket/u%201');
    expect(noticeSocketAddress('/api', 'u1', 'http://host:8080/system/notice')).toBe('ws://host:8080/api/websocket/u1');
  });

  it('reads pushes, heart beats and anything else apart', () => {
    expect(readNoticeFrame('ping')).toEqual({ kind: 'heartbeat' });
    expect(readNoticeFrame('{"cmd":"user","msgTxt":"x"}')).toEqual({ kind: 'notice', msg: { cmd: 'user', msgTxt: 'x' } });
    expect(readNoticeFrame('{"cmd":"email"}')).toEqual({ kind: 'log' });
    expect(readNoticeFrame('not json')).toEqual({ kind: 'log' });
  });

  it('connects as the signed-in user and hears a release at once', async () => {
    const me = (await call('GET', '/sys/user/getUserInfo')).result.userInfo.id as string;
    const heard: NoticePushMessage[] = [];
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    let got!: () => void;
    const arrived = new Promise<void>((r) => (got = r));
    const close = connectNoticeSocket({
      url: base,
      userId: me,
      token,
      onState: (open) => open && opened(),
      onNotice: (m) => {
        heard.push(m);
        got();
      },
    });
    try {
      await isOpen;
      expect((await call('POST', '/sys/annountCement/add', { titile: '实时推送', msgType: 'ALL' })).success).toBe(true);
      const id = (await call('GET', '/sys/annountCement/list?titile=实时推送')).result.records[0].id;
      expect((await call('GET', `/sys/annountCement/doReleaseData?id=${id}`)).success).toBe(true);
      await arrived;
      expect(heard).toEqual([{ cmd: 'topic', msgId: id, msgTxt: '实时推送', noticeType: 'system' }]);
    } finally {
      close();
    }
  });
});
