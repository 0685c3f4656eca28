import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { DbPermissionEpochs, installAccessGuard, installEpochPublisher, RedisPermissionEpochs } from './core/access';
import { CaptchaService, DbCaptchaAnswers, DbTokenStore, installRequestSignature, loadInstallSecret, loadSignatureSecret, LoginAttempts, RedisCaptchaAnswers, RedisLoginAttempts, RedisTokenStore, TokenService, type CaptchaTextSource, type TokenStore } from './core/auth';
import type { AppContext } from './core/context';
import { connectDatabase, migrateToLatest, seedDatabase, systemClock, type Clock, type DbHandle } from './core/db';
import { healthRoutes, installErrorHandler, lenientValidatorCompiler, installJsonBodyParser, installNotFound, installSecurityHeaders, registerApiDocs } from './core/http';
import { clientErrorHandler, frameworkErrorHandler } from './core/http/error-handler';
import { useChineseZodMessages } from './core/http/zod-messages';
import { installMessageLocale } from './core/http/locale';
import multipart from '@fastify/multipart';
import { createStorage } from './core/storage';
import { connectSharedRedis } from './core/redis/shared-redis';
import { registerWebApp } from './core/web/static';
import { installRequestLog, loggerOptions } from './core/logging';
import { systemModules } from './modules/system';
import { dictRoutes } from './modules/system/dict/routes';
import { departRoutes } from './modules/system/depart/routes';
import { loginRoutes } from './modules/system/login/routes';
import { accountRoutes } from './modules/system/account/routes';
import { permissionRoutes } from './modules/system/permission/routes';
import { userRoutes } from './modules/system/user/routes';
import { noticeModule } from './modules/notice';
import { messageModule } from './modules/message';
import { createBus } from './core/bus';
import websocket from '@fastify/websocket';
import { demoModules } from './modules/demo';
import { onlineModules } from './modules/online';
import { studentModules } from './modules/students';
import { familyPhoneSignIn } from './modules/students/family/phone';
import { tableSocketRoutes } from './modules/socket';
import { quartzModule } from './modules/quartz';
import { installOperationLog, logModule } from './modules/log';
import { installMonitoring, monitorModule } from './modules/monitor';
import { maskedUri } from './modules/monitor/trace';
import { dataLogModule } from './modules/datalog';
import { ossModule } from './modules/oss';
import { dataSourceModule } from './modules/datasource';
import { gatewayModule } from './modules/gateway';
import { thirdLoginModule } from './modules/thirdlogin';
import { dashboardModule } from './modules/dashboard';
import { readSettings } from './modules/system/setting/service';

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
  // Shared state of several nodes: in Redis when configured, else in the database (core/redis/shared-redis.ts).
  const redis = connectSharedRedis(config);
  // Messages between server nodes (Redis when configured): ended sessions, notice pushes, cache resets
  const bus = createBus(config.redisUrl);
  const tokens = new TokenService(secret, deps.tokenStore ?? (redis ? new RedisTokenStore(db, redis) : new DbTokenStore(db)), clock, { bus });
  const captcha = new CaptchaService(redis ? new RedisCaptchaAnswers(redis) : new DbCaptchaAnswers(db), secret, clock, deps.captchaText);
  const loginAttempts = redis ? new RedisLoginAttempts(redis) : new LoginAttempts(db);
  const permissionEpochs = redis ? new RedisPermissionEpochs(db, redis) : new DbPermissionEpochs(db);
  const storage = createStorage(config);
  const signatureSecret = await loadSignatureSecret(db, config.signatureSecret, clock.now());
  const ctx: AppContext = { config, db, dialect, clock, tokens, captcha, loginAttempts, permissionEpochs, bus, redis, storage, signatureSecret };

  const app = Fastify({
    // one format, secrets masked, request URLs' secret-looking query values masked (core/logging)
    logger: loggerOptions(config, maskedUri, deps.logger),
    // one line per request, after its answer, at the level LOG_REQUESTS gives (installRequestLog)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // The original's clients call paths with and without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
    // the zod compilers from the start: Fastify would otherwise load its JSON-schema ones (ajv), never used
    // (Fastify types these factories after ajv's compilers; the zod ones take the same route schemas)
    schemaController: { compilersFactory: { buildValidator: (() => lenientValidatorCompiler) as never, buildSerializer: (() => serializerCompiler) as never } },
  }).withTypeProvider<ZodTypeProvider>();
  // bodies are read as the original's JSON reader reads them: numbers and numeric texts are interchangeable
  app.setValidatorCompiler(lenientValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  if (redis) app.addHook('onClose', async () => redis.close());

  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 5, fields: 20 } });
  installSecurityHeaders(app);
  installJsonBodyParser(app);
  installErrorHandler(app);
  installMessageLocale(app);
  installAccessGuard(app, { db, tokens, epochs: permissionEpochs });
  installEpochPublisher(app, permissionEpochs);
  installRequestSignature(app, { apiBase: config.apiBase, secret: signatureSecret, now: () => clock.now() });
  installOperationLog(app);
  installRequestLog(app, config.logRequests, maskedUri);
  // request trace, runtime probe and /metrics (operations, issue 14)
  installMonitoring(app);
  app.addHook('onClose', () => bus.close());
  // the one WebSocket server both sockets use
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerApiDocs(app, { apiBase: config.apiBase, title: config.appTitle, mode: config.apiDocs });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, redis });
      await api.register(loginRoutes);
      // a parent on a school's roster signs in by phone before having an account
      await api.register(accountRoutes, { phoneSignIn: familyPhoneSignIn(ctx) });
      await api.register(permissionRoutes);
      await api.register(departRoutes);
      await api.register(userRoutes);
      await api.register(dictRoutes);
      await api.register(noticeModule);
      await api.register(messageModule);
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
      await api.register(thirdLoginModule);
      await api.register(dashboardModule);
    },
    { prefix: config.apiBase },
  );
  // The grid's live-update WebSocket, beside the API (its token comes as the sub-protocol).
  await app.register(tableSocketRoutes, { prefix: config.apiBase });

  const sendIndex = await registerWebApp(app, {
    webDist: config.webDist,
    runtime: { apiBase: config.apiBase, title: config.appTitle, captcha: config.loginCaptcha, signatureSecret, casServerUrl: config.casServerUrl },
    branding: () => readSettings(db, config, clock),
  });
  installNotFound(app, config.apiBase, sendIndex);
  return app;
}
