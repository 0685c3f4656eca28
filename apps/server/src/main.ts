import { createServer } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { collationNotice, connectDatabase, migrateToLatest, seedDatabase } from './core/db';
import { seedStudentSample } from './modules/students/sample/seed';
import { seedDefaultJobs } from './modules/quartz/seed';
import { seedDemoData } from './modules/demo/sample/seed';
import { freezeSampleAccounts, seedSampleAccounts, type DemoAccountsOff, type SeededAccount } from './modules/students/sample/accounts';
import { keepEvaluatorMenusToAdmins } from './core/db/seed/evaluator-menus';
import { formatDateTime } from './core/db';
import { resolveLogFormat, writeRecord, type LogFormat } from './core/logging';

/** The format of the start's own lines: LOG_FORMAT when it is valid (read before the rest of the configuration). */
let logFormat: LogFormat = resolveLogFormat(process.env.LOG_FORMAT === 'json' || process.env.LOG_FORMAT === 'pretty' ? process.env.LOG_FORMAT : undefined);

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      writeRecord(logFormat, 'fatal', err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Refuses to start, in one line, when another program holds the port: before the database is touched. */
async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  const taken = await new Promise<NodeJS.ErrnoException | null>((done) => {
    probe.once('error', (err: NodeJS.ErrnoException) => done(err));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(null)));
  });
  if (!taken) return;
  const why = taken.code === 'EADDRINUSE' ? `端口 ${port} 已被占用：请关闭占用它的程序，或用环境变量 PORT 换一个端口` : `无法监听 ${host}:${port}（${taken.code ?? taken.message}）`;
  writeRecord(logFormat, 'fatal', `启动失败：${why}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = readConfig();
  logFormat = resolveLogFormat(config.logFormat);
  await assertPortFree(config.host, config.port);
  const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);
  const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword });

  const app = await buildApp(config, { database });
  const notice = await collationNotice(database.db);
  if (notice) app.log.warn(notice);
  if (config.demoData) await seedDemoData(database.db, new Date());
  if (config.sampleContent) await seedStudentSample(database.db, app.ctx.storage, new Date());
  const demoAccounts: SeededAccount[] = config.sampleContent ? await seedSampleAccounts(database.db, new Date()) : [];
  const demoOff: DemoAccountsOff = config.sampleContent ? { frozen: [], unknown: [] } : await freezeSampleAccounts(database.db, new Date());
  if (!config.demoData) await keepEvaluatorMenusToAdmins(database.db, formatDateTime(new Date()));
  await seedDefaultJobs(database.db, new Date());
  app.addHook('onClose', () => database.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = database.dialect === 'sqlite' ? config.sqliteFile : database.dialect === 'mysql' ? 'MySQL/MariaDB' : 'PostgreSQL';
  // The start's own lines are written whatever LOG_LEVEL says (the passwords are shown only once).
  const running = `${config.appTitle} is running at http://${shownHost}:${config.port} (database: ${where})`;
  writeRecord(logFormat, 'info', running, { url: `http://${shownHost}:${config.port}`, database: where }, { text: running });
  if (seeded.generatedAdminPassword) {
    // Shown once: only the hash is stored.
    writeRecord(
      logFormat,
      'warn',
      `First start: administrator account "admin" created with password: ${seeded.generatedAdminPassword} — keep it now; it is not shown again. Change it after signing in.`,
    );
  }
  if (demoOff.frozen.length) {
    writeRecord(
      logFormat,
      'warn',
      `The sample is off (DEMO_DATA=off or SAMPLE_CONTENT=off): froze the demo accounts whose password is still the one printed when they were made (${demoOff.frozen.join(', ')}). An administrator may unfreeze or delete them in the back-office's user management.`,
      { frozen: demoOff.frozen },
    );
  }
  if (demoOff.unknown.length) {
    writeRecord(
      logFormat,
      'warn',
      `The sample is off (DEMO_DATA=off or SAMPLE_CONTENT=off): the demo accounts ${demoOff.unknown.join(', ')} can still sign in. Freeze or delete them in the back-office's user management unless the school uses them.`,
      { demoAccounts: demoOff.unknown },
    );
  }
  if (demoAccounts.length) {
    // Shown once, like the administrator's: only the hashes are stored.
    const keep = 'Keep them now; they are not shown again.';
    writeRecord(
      logFormat,
      'warn',
      `Demo accounts of the sample class (DEMO_DATA=on): ${demoAccounts.map((a) => `${a.username} (${a.realname}) password: ${a.password}`).join('; ')}. ${keep}`,
      {},
      { text: `Demo accounts of the sample class (DEMO_DATA=on):\n${demoAccounts.map((a) => `  ${a.username} (${a.realname}) password: ${a.password}\n`).join('')}  ${keep}` },
    );
  }
}

main().catch((err) => {
  writeRecord(logFormat, 'fatal', `Server failed to start: ${err instanceof Error ? err.message : String(err)}`, err instanceof Error ? { err: { type: err.name, message: err.message, stack: err.stack } } : {});
  process.exit(1);
});
