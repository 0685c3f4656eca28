import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 19: `npm start` where the port is taken says so in one line and exits non-zero, touching nothing.
describe('starting on a port that is taken', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'anxue-port-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes one line naming the port, exits 1 and creates no database', async () => {
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const port = (holder.address() as AddressInfo).port;
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SAMPLE_CONTENT: 'off' };
      delete env.DATABASE_URL;
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: join(__dirname, '..'), env });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (b) => (stderr += b));
      child.stdout.on('data', (b) => (stdout += b));
      const code = await new Promise<number | null>((done) => child.on('exit', done));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      // one record in the log's format: a JSON line here (not a terminal)
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 60, msg: `启动失败：端口 ${port} 已被占用：请关闭占用它的程序，或用环境变量 PORT 换一个端口` });
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      holder.close();
    }
  });
});
