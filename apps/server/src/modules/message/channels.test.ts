import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createChannels, Undeliverable, type ChannelDeps, type Outgoing } from './channels';

// Webhooks are addresses typed by a template editor: the server must not be made to call its own network,
// and what a remote answers is not handed back to the editor.
describe('webhook channel', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits++;
      req.resume();
      if (req.url === '/leak') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"errcode":40001,"errmsg":"TOP-SECRET internal detail"}');
      }
      if (req.url === '/fail') {
        res.writeHead(503, 'Secret status text', { 'content-type': 'text/plain' });
        return res.end('TOP-SECRET body');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"errcode":0}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const channel = (env: Record<string, string> = {}) =>
    createChannels({ config: loadConfig({ DATA_DIR: '/tmp/unused', ...env }), log: { warn() {} } } as unknown as ChannelDeps).webhook;
  const msg = (receiver: string): Outgoing => ({ id: '1', receiver, title: 't', content: 'c', tenantId: 1000, sender: 'admin' });

  it('refuses loopback in every spelling (mapped, compatible, decimal, hex, octal, names) for good', async () => {
    const send = channel();
    for (const host of ['127.0.0.1', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:7f00:1]', '[::127.0.0.1]', '[::ffff:0:7f00:1]', '2130706433', '0x7f.1', '0177.0.0.1', 'localhost']) {
      const err = await send(msg(`http://${host}:${port}/hook`)).catch((e: unknown) => e);
      expect(err, host).toBeInstanceOf(Undeliverable);
      expect((err as Error).message, host).toBe('Webhook 地址不能指向本机或内网');
    }
    expect(hits).toBe(0);
  });

  it('reaches a private address only with WEBHOOK_PRIVATE_HOSTS=on, and never echoes what came back', async () => {
    const send = channel({ WEBHOOK_PRIVATE_HOSTS: 'on' });
    await send(msg(`http://[::ffff:127.0.0.1]:${port}/ok`));
    expect(hits).toBe(1);
    const leak = await send(msg(`http://127.0.0.1:${port}/leak`)).catch((e: Error) => e);
    expect(leak).toMatchObject({ message: 'Webhook 返回错误 40001' });
    const failed = await send(msg(`http://127.0.0.1:${port}/fail`)).catch((e: Error) => e);
    expect(failed).toMatchObject({ message: 'Webhook 返回 HTTP 503' });
    const closed = await send(msg('http://127.0.0.1:1/')).catch((e: Error) => e);
    expect(closed).toMatchObject({ message: 'Webhook 请求外部地址失败' });
    for (const e of [leak, failed, closed]) expect(String((e as Error).message)).not.toMatch(/SECRET|ECONNREFUSED/);
  });
});
