import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectDatabase, seedId, type DbHandle } from '../src/core/db';
import { JOB_CLASS } from '../src/modules/quartz/handlers';
import { createUser } from './helpers/test-app';
import { TEST_POSTGRES_URL } from './helpers/databases';
import { signLikeOriginalClient } from './helpers/original-client';

// Issue 18, several nodes, as docs/deploy.md sets them up: two server processes (src/main.ts, as
// `npm start` runs it) on one PostgreSQL database and one Redis, behind nginx running the configuration
// deploy.md gives (TLS, WebSocket upgrade), only its addresses and certificate changed for this machine.
// Their files go to one S3-compatible bucket (s3rver, run by this test).
// Needs TEST_DATABASE_URL (PostgreSQL), TEST_REDIS_URL and nginx (`apt-get install -y nginx-light`;
// .ci/run installs it when run as root).
const SERVER = resolve(import.meta.dirname, '..');
const DEPLOY_MD = resolve(SERVER, '../../docs/deploy.md');
const REDIS_URL = process.env.TEST_REDIS_URL;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((p) => spawnSync(p, ['-v']).status === 0);
const ADMIN_PASSWORD = 'Nodes#behind-nginx-2026';
const SIGNATURE_SECRET = 'nodes-behind-nginx-secret';
const OPENSSL = spawnSync('openssl', ['version']).status === 0;
const ready = TEST_POSTGRES_URL && REDIS_URL && NGINX && OPENSSL;

if (!ready) it.skip('two server processes behind nginx: needs TEST_DATABASE_URL (PostgreSQL), TEST_REDIS_URL, nginx and openssl', () => {});

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** The nginx block of deploy.md with this machine's node addresses, listening port and certificate. */
function balancerConfig(markdown: string, nodes: string[], listen: number, cert: { crt: string; key: string }): string {
  const block = /```nginx\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error('deploy.md has no nginx block');
  let servers = 0;
  const replaced = (pattern: RegExp, by: (m: string) => string, expected: number) => (text: string) => {
    let n = 0;
    const out = text.replace(pattern, (m) => (n++, by(m)));
    if (n !== expected) throw new Error(`deploy.md's nginx block: ${pattern} matched ${n} times, not ${expected}`);
    return out;
  };
  return [
    replaced(/^(\s*server\s+)\d+\.\d+\.\d+\.\d+:\d+/gm, (m) => m.replace(/\d+\.\d+\.\d+\.\d+:\d+/, nodes[servers++]!), nodes.length),
    replaced(/^(\s*listen\s+)443(\s+ssl)/gm, (m) => m.replace('443', `127.0.0.1:${listen}`), 1),
    replaced(/^(\s*ssl_certificate\s+)\S+;/gm, () => `    ssl_certificate     ${cert.crt};`, 1),
    replaced(/^(\s*ssl_certificate_key\s+)\S+;/gm, () => `    ssl_certificate_key ${cert.key};`, 1),
  ].reduce((text, step) => step(text), block);
}

interface Answer {
  status: number;
  body: any;
}

/** A call as the web client makes it: signed, with the user's token; over TLS (trusting `ca`) or plain HTTP. */
function call(base: { port: number; ca?: string }, method: string, path: string, opts: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const url = `/api${path}`;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {
    'x-sign': signLikeOriginalClient(url, undefined, opts.body, SIGNATURE_SECRET),
    'x-timestamp': String(Date.now()),
    ...(opts.token ? { 'x-access-token': opts.token } : {}),
    ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
  };
  const send = base.ca ? httpsRequest : httpRequest;
  return new Promise((ok, fail) => {
    const req = send({ host: '127.0.0.1', port: base.port, method, path: url, headers, ...(base.ca ? { ca: base.ca } : {}), agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        try {
          ok({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          fail(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('error', fail);
    req.end(payload);
  });
}

/** A plain request to a node: its status and body as bytes. */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ status: number; body: Buffer }> {
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  log(): string;
  exited: Promise<void>;
}

describe.runIf(ready)('two server processes on one PostgreSQL and one Redis, behind nginx', () => {
  const dir = mkdtempSync(join(tmpdir(), 'anxue-nodes-'));
  const database = `t_nodes_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const prefix = `${database}:`;
  let admin: pg.Client;
  let handle: DbHandle;
  let nginx: ChildProcess | undefined;
  let nginxLog = '';
  const nodes: Node[] = [];
  let balancer: { port: number; ca: string };
  let adminToken = '';
  const sockets: WebSocket[] = [];
  let s3: S3rver | undefined;
  let s3Env: Record<string, string> = {};

  const startNode = async (name: string, databaseUrl: string): Promise<Node> => {
    const port = await freePort();
    const dataDir = join(dir, name);
    mkdirSync(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web'),
        DATABASE_URL: databaseUrl,
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: prefix,
        SIGNATURE_SECRET,
        ADMIN_PASSWORD,
        LOGIN_CAPTCHA: 'off',
        DEMO_DATA: 'off',
        SAMPLE_CONTENT: 'off',
        TRUST_PROXY: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...s3Env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout!.on('data', (d) => (log += d));
    child.stderr!.on('data', (d) => (log += d));
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${log}`);
      const up = await call({ port }, 'GET', '/ready').catch(() => undefined);
      if (up?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`${name} was not ready in 90 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { name, port, child, log: () => log, exited };
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(TEST_POSTGRES_URL!);
    url.pathname = `/${database}`;
    s3 = new S3rver({ port: 0, address: '127.0.0.1', directory: join(dir, 's3'), silent: true, configureBuckets: [{ name: 'anxue-nodes', configs: [] }] });
    const { port: s3Port } = await s3.run();
    s3Env = { STORAGE_DRIVER: 's3', S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_BUCKET: 'anxue-nodes', S3_ACCESS_KEY: 'S3RVER', S3_SECRET_KEY: 'S3RVER' };
    // node A makes the schema and the install's secrets on first start; node B finds them
    nodes.push(await startNode('node-a', url.toString()));
    nodes.push(await startNode('node-b', url.toString()));
    handle = connectDatabase({ databaseUrl: url.toString(), poolSize: 2 });

    const cert = { crt: join(dir, 'anxue.crt'), key: join(dir, 'anxue.key') };
    const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', cert.key, '-out', cert.crt]);
    if (made.status !== 0) throw new Error(`openssl: ${made.stderr}`);
    const listen = await freePort();
    writeFileSync(join(dir, 'anxue.conf'), balancerConfig(readFileSync(DEPLOY_MD, 'utf8'), nodes.map((n) => `127.0.0.1:${n.port}`), listen, cert));
    // the http level a distribution's nginx.conf provides, kept in this folder; one process, in the foreground
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 256; }
http {
  log_format upstreams '$request_method $uri $status $upstream_addr';
  access_log ${dir}/nginx-access.log upstreams;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  include ${dir}/anxue.conf;
}
`,
    );
    nginx = spawn(NGINX!, ['-p', dir, '-e', join(dir, 'nginx-error.log'), '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout!.on('data', (d) => (nginxLog += d));
    nginx.stderr!.on('data', (d) => (nginxLog += d));
    balancer = { port: listen, ca: readFileSync(cert.crt, 'utf8') };
    const deadline = Date.now() + 10_000;
    while (!(await call(balancer, 'GET', '/health').catch(() => undefined))) {
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${nginxLog}${readFileSync(join(dir, 'nginx-error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    adminToken = await signIn(balancer, 'admin', ADMIN_PASSWORD);
  }, 240_000);

  afterAll(async () => {
    for (const s of sockets) s.terminate();
    // nginx and the nodes write into the folder until they exit: it is removed after
    const nginxExited = nginx && nginx.exitCode === null ? new Promise((done) => nginx!.once('exit', done)) : undefined;
    nginx?.kill('SIGTERM');
    for (const n of nodes) n.child.kill('SIGTERM');
    await Promise.all([nginxExited, ...nodes.map((n) => n.exited)]);
    await handle?.close();
    await s3?.close();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const [a, b] = [() => nodes[0]!, () => nodes[1]!];
  async function signIn(at: { port: number; ca?: string }, username: string, password: string): Promise<string> {
    const res = await call(at, 'POST', '/sys/userLogin', { body: { username, password } });
    if (!res.body.success) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(res.body)}`);
    return res.body.result.token as string;
  }
  const upstreamsUsed = () =>
    new Set(
      readFileSync(join(dir, 'nginx-access.log'), 'utf8')
        .split('\n')
        .map((l) => l.split(' ')[3])
        .filter(Boolean),
    );

  it('shares the work between both nodes: one session answers on whichever node nginx picks', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await call(balancer, 'GET', '/sys/user/getUserInfo', { token: adminToken });
      expect(res).toMatchObject({ status: 200, body: { success: true } });
    }
    expect(upstreamsUsed()).toEqual(new Set(nodes.map((n) => `127.0.0.1:${n.port}`)));
  });

  it('refuses on node B, at once, a token signed out on node A', async () => {
    await createUser(handle.db, { username: 'nginx_out', password: 'NginxOut#2026' });
    const token = await signIn(a(), 'nginx_out', 'NginxOut#2026');
    expect((await call(b(), 'GET', '/sys/user/getUserInfo', { token })).status).toBe(200);
    expect((await call(a(), 'POST', '/sys/logout', { token })).body.success).toBe(true);
    expect((await call(b(), 'GET', '/sys/user/getUserInfo', { token })).status).toBe(401);
    expect((await call(balancer, 'GET', '/sys/user/getUserInfo', { token })).status).toBe(401);
  });

  it('refuses on node B, at the next request, what a role taken away on node A allowed', async () => {
    const userId = await createUser(handle.db, { username: 'nginx_role', password: 'NginxRole#2026', menuKeys: ['monitor.ossfile', 'monitor.ossfile.list'] });
    const token = await signIn(b(), 'nginx_role', 'NginxRole#2026');
    // node B answers, and keeps what the user may do
    for (let i = 0; i < 2; i++) expect((await call(b(), 'GET', '/sys/oss/file/list', { token })).body.success).toBe(true);
    const roleId = (await handle.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'r_nginx_role').executeTakeFirstOrThrow()).id;
    const removed = await call(a(), 'DELETE', `/sys/user/deleteUserRole?roleId=${roleId}&userId=${userId}`, { token: adminToken });
    expect(removed.body).toMatchObject({ success: true });
    expect(await call(b(), 'GET', '/sys/oss/file/list', { token })).toMatchObject({ status: 403, body: { code: 510 } });
  });

  it('brings an announcement released on node A to a socket on node B and to one opened through nginx', async () => {
    const open = async (url: string, options: WebSocket.ClientOptions = {}) => {
      const socket = new WebSocket(url, adminToken, options);
      sockets.push(socket);
      await new Promise((ok, fail) => socket.once('open', ok).once('error', fail));
      // registered once a ping is answered (a message sent before the node has checked the token is dropped)
      await new Promise<void>((ok) => {
        const beat = setInterval(() => socket.send('ping'), 100);
        socket.on('message', function answered(d) {
          if (String(d) !== 'ping') return;
          clearInterval(beat);
          socket.off('message', answered);
          ok();
        });
        socket.send('ping');
      });
      // in an object: an async function's promise would wait for the message itself
      return { heard: new Promise<string>((ok) => socket.on('message', (d) => String(d).includes('两节点通知') && ok(String(d)))) };
    };
    const adminId = seedId('user.admin');
    const onB = await open(`ws://127.0.0.1:${b().port}/api/websocket/${adminId}`);
    const throughNginx = await open(`wss://127.0.0.1:${balancer.port}/api/websocket/${adminId}`, { ca: balancer.ca });
    expect((await call(a(), 'POST', '/sys/annountCement/add', { token: adminToken, body: { titile: '两节点通知' } })).body.success).toBe(true);
    const id = (await handle.db.selectFrom('sysAnnouncement').select('id').where('titile', '=', '两节点通知').executeTakeFirstOrThrow()).id;
    expect((await call(a(), 'GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: adminToken })).body.success).toBe(true);
    for (const { heard } of [onB, throughNginx]) expect(JSON.parse(await heard)).toMatchObject({ cmd: 'topic', msgId: id, msgTxt: '两节点通知' });
  });

  it('fires a job due every second once a second, whichever node claims it', async () => {
    const added = await call(balancer, 'POST', '/sys/quartzJob/add', { token: adminToken, body: { jobClassName: JOB_CLASS.sampleParam, cronExpression: '* * * * * ? *', parameter: 'nginx', description: '两节点每秒任务', status: 0 } });
    expect(added.body.success).toBe(true);
    const job = await handle.db.selectFrom('sysQuartzJob').select('id').where('description', '=', '两节点每秒任务').executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 6_000));
    expect((await call(balancer, 'GET', `/sys/quartzJob/pause?id=${job.id}`, { token: adminToken })).body.success).toBe(true);
    // a firing claimed just before the pause may still be running
    await new Promise((r) => setTimeout(r, 1_500));
    const runs = await handle.db.selectFrom('sysQuartzJobLog').select(['fireTime', 'status']).where('jobId', '=', job.id).where('triggerType', '=', 'cron').orderBy('fireTime').execute();
    const fireTimes = runs.map((r) => r.fireTime);
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(9);
    const seconds = fireTimes.map((t) => new Date(String(t).replace(' ', 'T')).getTime() / 1000);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]! - seconds[i - 1]!, `${fireTimes[i - 1]} → ${fireTimes[i]}`).toBe(1);
    expect(runs.every((r) => r.status === 'success')).toBe(true);
  }, 30_000);

  it('serves on node B a file uploaded to node A: both keep files in the bucket', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const boundary = '----nodes' + Date.now();
    const form = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nnodes\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="两节点.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const signed = (url: string) => ({ 'x-access-token': adminToken, 'x-sign': signLikeOriginalClient(url, undefined, undefined, SIGNATURE_SECRET), 'x-timestamp': String(Date.now()) });
    const up = await raw(a().port, 'POST', '/api/sys/common/upload', { ...signed('/api/sys/common/upload'), 'content-type': `multipart/form-data; boundary=${boundary}` }, form);
    const path = JSON.parse(up.body.toString()).message as string;
    expect(path).toMatch(/^nodes\/.+\.png$/);
    const url = `/api/sys/common/static/${path.split('/').map(encodeURIComponent).join('/')}`;
    const got = await raw(b().port, 'GET', url, signed(url));
    expect(got.status).toBe(200);
    expect(got.body.equals(png)).toBe(true);
  });

  it('keeps answering through nginx when node B stops', async () => {
    b().child.kill('SIGTERM');
    await b().exited;
    for (let i = 0; i < 6; i++) {
      expect(await call(balancer, 'GET', '/sys/user/getUserInfo', { token: adminToken })).toMatchObject({ status: 200, body: { success: true } });
    }
    const token = await signIn(balancer, 'admin', ADMIN_PASSWORD);
    expect((await call(balancer, 'GET', '/sys/user/getUserInfo', { token })).body.success).toBe(true);
  });
});
