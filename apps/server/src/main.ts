import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { connectDatabase, migrateToLatest, seedDatabase } from './core/db';
import { seedStudentSample } from './modules/students/sample/seed';
import { seedDefaultJobs } from './modules/quartz/seed';

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database.db);
  const seeded = await seedDatabase(database.db, { adminPassword: config.adminPassword });

  const app = await buildApp(config, { database });
  if (config.sampleContent) await seedStudentSample(database.db, app.ctx.storage, new Date());
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
  const where = config.databaseUrl ? 'PostgreSQL' : config.sqliteFile;
  process.stdout.write(`${config.appTitle} is running at http://${shownHost}:${config.port} (database: ${where})\n`);
  if (seeded.generatedAdminPassword) {
    // Shown once: only the hash is stored.
    process.stdout.write(
      `First start: administrator account "admin" created with password: ${seeded.generatedAdminPassword}\n` +
        'Keep it now; it is not shown again. Change it after signing in.\n',
    );
  }
}

main().catch((err) => {
  process.stderr.write(`Server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
