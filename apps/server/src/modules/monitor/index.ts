// Operations (issue 14): online users with force logout, and the monitoring figures of this node.
import type { FastifyInstance } from 'fastify';
import { METRICS_READ } from './permissions';
import { prometheusText } from './metrics';
import { onlineRoutes } from './online';
import { RedisProbe } from './redis';
import { monitorRoutes } from './routes';
import { RuntimeProbe } from './runtime';
import { SessionWatch } from './sessions';
import { monitorState, setMonitorState } from './state';
import { HttpTraceLog } from './trace';

/**
 * On the root app, before the modules: the trace hook that sees every API answer, the runtime probe and
 * the watch of the sessions,
 * the Redis probe when REDIS_URL is set, and /metrics (Prometheus text, beside the API as scrapers expect).
 */
export function installMonitoring(app: FastifyInstance): void {
  const { config, clock } = app.ctx;
  const state = { trace: new HttpTraceLog(), probe: new RuntimeProbe(), sessions: new SessionWatch(app.ctx), redis: config.redisUrl ? new RedisProbe(config.redisUrl) : null };
  setMonitorState(app.ctx, state);
  const traced = (url: string) => url.startsWith(`${config.apiBase}/`) || url === '/metrics' || url.startsWith('/metrics?');
  app.addHook('onResponse', async (req, reply) => {
    if (traced(req.url)) state.trace.record(req, reply, clock.now());
  });
  app.addHook('onReady', async () => {
    state.probe.start();
    state.sessions.start();
    state.redis?.start();
  });
  app.addHook('onClose', async () => {
    state.probe.stop();
    state.sessions.stop();
    await state.redis?.close();
  });
  app.get('/metrics', { config: { permission: METRICS_READ }, schema: { hide: true } }, async (_req, reply) => {
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return prometheusText(app.ctx, monitorState(app.ctx));
  });
}

/** The API's calls: 在线用户 and 系统监控. */
export async function monitorModule(app: FastifyInstance) {
  await app.register(onlineRoutes);
  await app.register(monitorRoutes);
}
