// Monitoring on the original's calls: Spring's actuator metrics, the memory, disk and Redis calls, the
// HTTP trace. Every metric name the original's 性能监控 page asks for is answered in Spring's shape
// (actuator.ts): system.* and process.* as they are; jvm.* with the Node.js runtime's counterpart (V8 heap,
// ArrayBuffers, the process's OS threads, CommonJS modules, V8 garbage collections); tomcat.sessions.* and
// undertow.sessions.* with the signed-in sessions of the token store and the login log. Where Node.js has
// no counterpart (jvm.buffer.count, jvm.classes.unloaded) the answer is 0 and its description says so.
// Our own pages read the richer Node.js runtime call instead.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResourceError } from '../../core/crud';
import { ok } from '../../core/http';
import { readActuatorMetric } from './actuator';
import { databaseFigures } from './database';
import { MONITOR_VIEW } from './permissions';
import { REDIS_NOT_CONFIGURED } from './redis';
import { diskFigures } from './runtime';
import { monitorState } from './state';

const tags = ['系统监控'];

export async function monitorRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const state = monitorState(ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { permission: MONITOR_VIEW };

  r.get('/actuator/metrics/:name', { config: view, schema: { tags, summary: '系统指标（actuator 形式）', params: z.object({ name: z.string().max(100) }) } }, async (req) => {
    const metric = await readActuatorMetric(req.params.name, state.probe, state.sessions);
    if (!metric) throw new ResourceError(`没有指标 ${req.params.name}`, 404);
    return metric;
  });

  // The original answers this one without its envelope's transform; the keys are its own.
  r.get('/sys/actuator/memory/info', { config: view, schema: { tags, summary: '内存信息' } }, async () => {
    const s = state.probe.system();
    const rt = state.probe.runtime();
    return ok({
      'memory.physical.total': s.memoryTotal,
      'memory.physical.used': s.memoryUsed,
      'memory.physical.free': s.memoryFree,
      'memory.physical.usage': s.memoryUsage,
      // the V8 heap of this Node.js process stands where the original shows the JVM's
      'memory.runtime.total': rt.heapTotal,
      'memory.runtime.used': rt.heapUsed,
      'memory.runtime.max': rt.heapLimit,
      'memory.runtime.free': rt.heapLimit - rt.heapUsed,
      'memory.runtime.usage': Math.round((rt.heapUsed / rt.heapTotal) * 10000) / 10000,
    });
  });

  r.get('/sys/actuator/redis/queryDiskInfo', { config: view, schema: { tags, summary: '磁盘信息' } }, async () =>
    ok(await diskFigures([ctx.config.dataDir, '/']), '查询成功'),
  );

  r.get('/sys/actuator/system/info', { config: view, schema: { tags, summary: '服务器信息（CPU、内存、负载、运行时间）及近几分钟的采样' } }, async () =>
    ok({ ...state.probe.system(), history: state.probe.samples() }),
  );
  r.get('/sys/actuator/runtime/info', { config: view, schema: { tags, summary: 'Node.js 运行时（堆、事件循环延迟、GC、句柄）' } }, async () =>
    ok({ ...state.probe.runtime(), history: state.probe.samples() }),
  );
  r.get('/sys/actuator/database/info', { config: view, schema: { tags, summary: '数据库（大小、连接数）' } }, async () => ok(await databaseFigures(ctx)));

  // Redis: the original's four calls. Without Redis each answers the shape its page reads, empty, with
  // configured: false (the original client's page destructures them and would throw on a refusal).
  const redis = state.redis;
  const none = (point: Record<string, number>) => ({ ...point, create_time: Date.now(), configured: false });
  r.get('/sys/actuator/redis/info', { config: view, schema: { tags, summary: 'Redis 详细信息' } }, async () =>
    redis ? ok(await redis.info()) : ok([], REDIS_NOT_CONFIGURED),
  );
  r.get('/sys/actuator/redis/keysSize', { config: view, schema: { tags, summary: 'Redis key 数量' } }, async () =>
    redis ? redis.keysSize() : none({ dbSize: 0 }),
  );
  r.get('/sys/actuator/redis/memoryInfo', { config: view, schema: { tags, summary: 'Redis 内存' } }, async () =>
    redis ? redis.memoryInfo() : none({ used_memory: 0 }),
  );
  r.get('/sys/actuator/redis/metrics/history', { config: view, schema: { tags, summary: 'Redis 近一小时的 key 数量与内存' } }, async () =>
    redis ? ok({ ...redis.metricsHistory(), configured: true }) : ok({ dbSize: [], memory: [], configured: false }, REDIS_NOT_CONFIGURED),
  );

  // The trace: /actuator/jeecghttptrace/<status>[/<sortBy>[/<order>]], answered without the envelope as the original.
  const traces = async (query: string) => ({ traces: state.trace.find(query) });
  r.get('/actuator/jeecghttptrace', { config: view, schema: { tags, summary: '请求追踪' } }, async () => traces('all'));
  r.get('/actuator/jeecghttptrace/*', { config: view, schema: { tags, summary: '请求追踪（状态、排序）' } }, async (req) =>
    traces((req.params as { '*': string })['*'] ?? 'all'),
  );
}
