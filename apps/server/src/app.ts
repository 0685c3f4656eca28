import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { installAccessGuard } from './core/access';
import { CaptchaService, DbTokenStore, loadInstallSecret, TokenService, type CaptchaTextSource, type TokenStore } from './core/auth';
import type { AppContext } from './core/context';
import { connectDatabase, migrateToLatest, seedDatabase, systemClock, type Clock, type DbHandle } from './core/db';
import { healthRoutes, installErrorHandler, installJsonBodyParser, installNotFound, installSecurityHeaders, registerApiDocs } from './core/http';
import { clientErrorHandler, frameworkErrorHandler } from './core/http/error-handler';
import { useChineseZodMessages } from './core/http/zod-messages';
import multipart from '@fastify/multipart';
import { createStorage } from './core/storage';
import { registerWebApp } from './core/web/static';
import { systemModules } from './modules/system';
import { dictRoutes } from './modules/system/dict/routes';
import { departRoutes } from './modules/system/depart/routes';
import { loginRoutes } from './modules/system/login/routes';
import { permissionRoutes } from './modules/system/permission/routes';
import { userRoutes } from './modules/system/user/routes';
import { noticeModule } from './modules/notice';
import { messageModule } from './modules/message';
import { createBus } from './core/bus';
import websocket from '@fastify/websocket';
import { demoModules } from './modules/demo';
import { onlineModules } from './modules/online';
import { studentModules } from './modules/students';
import { tableSocketRoutes } from './modules/socket';
import { quartzModule } from './modules/quartz';
import { installOperationLog, logModule } from './modules/log';
import { installMonitoring, monitorModule } from './modules/monitor';
import { dataLogModule } from './modules/datalog';
import { ossModule } from './modules/oss';
import { dataSourceModule } from './modules/datasource';
import { gatewayModule } from './modules/gateway';

useChineseZodMessages();

export interface AppDeps {
  /** An open, migrated and seeded database; when absent buildApp opens the configured one and closes it with the app. */
  database?: DbHandle;
  clock?: Clock;
  captchaText?: CaptchaTextSource;
  tokenStore?: TokenStore;
  /** Pino logger options; defaults to the configured level. */
  logger?: boolean | object;
}

/** Creates the Fastify app: plugins and modules, nothing else. The caller listens (main.ts) or injects (tests). */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  let database = deps.database;
  const ownsDatabase = !database;
  if (!database) {
    database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
    await migrateToLatest(database.db);
    await seedDatabase(database.db, { adminPassword: config.adminPassword });
  }
  const { db, dialect } = database;
  const clock = deps.clock ?? systemClock;
  const secret = await loadInstallSecret(db, clock.now());
  const tokens = new TokenService(secret, deps.tokenStore ?? new DbTokenStore(db), clock);
  const captcha = new CaptchaService(db, secret, clock, deps.captchaText);
  const storage = createStorage(config);
  const ctx: AppContext = { config, db, dialect, clock, tokens, captcha, storage };

  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // The original's clients call paths with and without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  if (ownsDatabase) app.addHook('onClose', () => database.close());

  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 5, fields: 20 } });
  installSecurityHeaders(app);
  installJsonBodyParser(app);
  installErrorHandler(app);
  installAccessGuard(app, { db, tokens });
  installOperationLog(app);
  // request trace, runtime probe and /metrics (operations, issue 14)
  installMonitoring(app);
  // Messages between server nodes (Redis when configured); the one WebSocket server both sockets use.
  const bus = createBus(config.redisUrl);
  app.addHook('onClose', () => bus.close());
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerApiDocs(app, { apiBase: config.apiBase, title: config.appTitle, mode: config.apiDocs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(loginRoutes);
      await api.register(permissionRoutes);
      await api.register(departRoutes);
      await api.register(userRoutes);
      await api.register(dictRoutes);
      await api.register(noticeModule, { bus });
      await api.register(messageModule, { bus });
      await api.register(systemModules);
      await api.register(onlineModules);
      await api.register(demoModules);
      await api.register(studentModules);
      await api.register(quartzModule);
      await api.register(logModule);
      await api.register(monitorModule);
      await api.register(dataLogModule);
      await api.register(ossModule);
      await api.register(dataSourceModule);
      await api.register(gatewayModule);
    },
    { prefix: config.apiBase },
  );
  // The grid's live-update WebSocket, beside the API (its token comes as the sub-protocol).
  await app.register(tableSocketRoutes, { prefix: config.apiBase });

  const sendIndex = await registerWebApp(app, {
    webDist: config.webDist,
    runtime: { apiBase: config.apiBase, title: config.appTitle, captcha: config.loginCaptcha },
  });
  installNotFound(app, config.apiBase, sendIndex);
  return app;
}
