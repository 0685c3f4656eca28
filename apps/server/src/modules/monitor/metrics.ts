// /metrics in the Prometheus text format (version 0.0.4): process, Node.js runtime, HTTP and session
// figures of this node. Each node answers for itself; Prometheus scrapes every node.
import { formatDateTime } from '../../core/db';
import type { AppContext } from '../../core/context';
import type { MonitorState } from './state';

type Labels = Record<string, string | number>;

class PromText {
  private readonly lines: string[] = [];

  metric(name: string, type: 'gauge' | 'counter', help: string, values: Array<[Labels, number]> | number): this {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, value] of typeof values === 'number' ? [[{}, values] as [Labels, number]] : values) {
      const l = Object.entries(labels)
        .map(([k, v]) => `${k}="${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
        .join(',');
      this.lines.push(`${name}${l ? `{${l}}` : ''} ${Number.isFinite(value) ? value : 0}`);
    }
    return this;
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

export async function prometheusText(ctx: AppContext, state: MonitorState): Promise<string> {
  const { probe, trace } = state;
  const system = probe.system();
  const runtime = probe.runtime();
  const cpu = process.cpuUsage();
  const sessions = await ctx.db
    .selectFrom('sysUserToken')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('expiresAt', '>', formatDateTime(ctx.clock.now()))
    .executeTakeFirstOrThrow();
  const requests = trace.requestCounters();
  return new PromText()
    .metric('process_cpu_user_seconds_total', 'counter', 'User CPU time spent in seconds.', cpu.user / 1e6)
    .metric('process_cpu_system_seconds_total', 'counter', 'System CPU time spent in seconds.', cpu.system / 1e6)
    .metric('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', runtime.rss)
    .metric('process_start_time_seconds', 'gauge', 'Start time of the process since unix epoch in seconds.', system.processStartTime)
    .metric('process_uptime_seconds', 'gauge', 'Seconds since the process started.', process.uptime())
    .metric('nodejs_heap_size_used_bytes', 'gauge', 'V8 heap in use in bytes.', runtime.heapUsed)
    .metric('nodejs_heap_size_total_bytes', 'gauge', 'V8 heap allocated in bytes.', runtime.heapTotal)
    .metric('nodejs_heap_size_limit_bytes', 'gauge', 'V8 heap size limit in bytes.', runtime.heapLimit)
    .metric('nodejs_external_memory_bytes', 'gauge', 'Memory of C++ objects bound to JavaScript in bytes.', runtime.external)
    .metric('nodejs_eventloop_delay_p50_seconds', 'gauge', 'Median event-loop delay of the current sample window.', runtime.eventLoopDelay.p50Ms / 1000)
    .metric('nodejs_eventloop_delay_p99_seconds', 'gauge', '99th percentile event-loop delay of the current sample window.', runtime.eventLoopDelay.p99Ms / 1000)
    .metric('nodejs_eventloop_delay_max_seconds', 'gauge', 'Longest event-loop delay of the current sample window.', runtime.eventLoopDelay.maxMs / 1000)
    .metric('nodejs_gc_runs_total', 'counter', 'Garbage collections by kind.', runtime.gc.map((g) => [{ kind: g.kind }, g.count]))
    .metric('nodejs_gc_duration_seconds_total', 'counter', 'Time spent in garbage collection by kind.', runtime.gc.map((g) => [{ kind: g.kind }, g.totalMs / 1000]))
    .metric('nodejs_active_resources', 'gauge', 'Active handles and requests keeping the event loop alive, by type.', runtime.handles.map((h) => [{ type: h.type }, h.count]))
    .metric('nodejs_version_info', 'gauge', 'Node.js version.', [[{ version: process.version }, 1]])
    .metric('system_cpu_count', 'gauge', 'Number of CPUs.', system.cpuCount)
    .metric('system_cpu_usage_ratio', 'gauge', 'Share of all CPUs busy in the last sample window.', system.cpuUsage)
    .metric('system_load_average', 'gauge', 'Load average.', [[{ window: '1m' }, system.loadAverage[0]], [{ window: '5m' }, system.loadAverage[1]], [{ window: '15m' }, system.loadAverage[2]]])
    .metric('system_memory_total_bytes', 'gauge', 'Physical memory in bytes.', system.memoryTotal)
    .metric('system_memory_free_bytes', 'gauge', 'Free physical memory in bytes.', system.memoryFree)
    .metric('http_requests_total', 'counter', 'HTTP requests answered by this node, by method and status.', requests.map((r) => [{ method: r.method, status: r.status }, r.count]))
    .metric('http_request_duration_seconds_sum', 'counter', 'Total time spent answering HTTP requests, by method and status.', requests.map((r) => [{ method: r.method, status: r.status }, r.seconds]))
    .metric('anxue_online_sessions', 'gauge', 'Sessions signed in now (all nodes share the token store).', Number(sessions.n))
    .toString();
}
