// Spring's actuator metric names that the original client's 性能监控 page asks for, each answered with
// what the Node.js runtime has in its place, measured at the call. `description` says, for every name,
// what the number really is here, so a reader of the original page is not misled by the JVM/Tomcat label.
import v8 from 'node:v8';
import { loadedCommonJsModules, type RuntimeProbe } from './runtime';
import type { SessionFigures, SessionWatch } from './sessions';

export interface Measurement {
  statistic: 'VALUE' | 'COUNT' | 'TOTAL_TIME' | 'MAX' | 'TOTAL' | 'ACTIVE_TASKS' | 'DURATION';
  value: number;
}

interface Sources {
  probe: RuntimeProbe;
  sessions: () => Promise<SessionFigures>;
}

interface MetricDef {
  baseUnit: string | null;
  /** The description may depend on the reading (the thread count's source). */
  read: (s: Sources) => Promise<{ description: string; measurements: Measurement[] }> | { description: string; measurements: Measurement[] };
}

const value = (description: string, n: number) => ({ description, measurements: [{ statistic: 'VALUE' as const, value: n }] });
const fixed = (baseUnit: string | null, description: string, read: (s: Sources) => number): MetricDef => ({
  baseUnit,
  read: (s) => value(description, read(s)),
});
const sessionMetric = (description: string, read: (f: SessionFigures) => number): MetricDef => ({
  baseUnit: 'sessions',
  read: async (s) => value(description, read(await s.sessions())),
});

const threadsDescription = (source: 'proc' | 'pool', what: string) =>
  source === 'proc'
    ? `Node.js: ${what} (operating-system threads of this process from /proc/self/status: the JavaScript thread, V8 helper threads and the libuv thread pool)`
    : `Node.js: ${what} (1 JavaScript thread plus the libuv thread pool size; this system does not report its thread count)`;

const SYSTEM: Record<string, MetricDef> = {
  'system.cpu.count': fixed(null, 'The number of processors available', (s) => s.probe.system().cpuCount),
  'system.cpu.usage': fixed(null, 'The recent cpu usage of the system the application is running in', (s) => s.probe.system().cpuUsage),
  'process.start.time': fixed('seconds', 'Start time of the process since unix epoch.', (s) => s.probe.system().processStartTime),
  'process.uptime': fixed('seconds', 'The uptime of the process', (s) => s.probe.system().processUptimeSeconds),
  'process.cpu.usage': fixed(null, 'The recent cpu usage for the Node.js process', (s) => s.probe.system().processCpuUsage),
};

const JVM: Record<string, MetricDef> = {
  'jvm.memory.max': fixed('bytes', 'Node.js: V8 heap size limit (v8.getHeapStatistics().heap_size_limit)', () => v8.getHeapStatistics().heap_size_limit),
  'jvm.memory.committed': fixed('bytes', 'Node.js: V8 heap allocated from the system (process.memoryUsage().heapTotal)', (s) => s.probe.runtime().heapTotal),
  'jvm.memory.used': fixed('bytes', 'Node.js: V8 heap in use (process.memoryUsage().heapUsed); buffers are in jvm.buffer.memory.used', (s) => s.probe.runtime().heapUsed),
  'jvm.buffer.memory.used': fixed(
    'bytes',
    'Node.js: memory of ArrayBuffers and Buffers, outside the V8 heap (process.memoryUsage().arrayBuffers)',
    (s) => s.probe.runtime().arrayBuffers,
  ),
  'jvm.buffer.count': fixed('buffers', 'Not applicable in Node.js: it reports the bytes of its buffers, not how many there are', () => 0),
  'jvm.threads.live': {
    baseUnit: 'threads',
    read: ({ probe }) => {
      const t = probe.threads();
      return value(threadsDescription(t.source, 'threads now'), t.live);
    },
  },
  'jvm.threads.daemon': {
    baseUnit: 'threads',
    read: ({ probe }) => {
      const t = probe.threads();
      return value(threadsDescription(t.source, 'threads now besides the main JavaScript thread'), Math.max(0, t.live - 1));
    },
  },
  'jvm.threads.peak': {
    baseUnit: 'threads',
    read: ({ probe }) => {
      const t = probe.threads();
      return value(threadsDescription(t.source, 'most threads seen by the monitor (every 5 s and at each read) since start'), t.peak);
    },
  },
  'jvm.classes.loaded': fixed('classes', 'Node.js: CommonJS modules loaded (require.cache); ES modules are not counted, Node.js lists none', () => loadedCommonJsModules()),
  'jvm.classes.unloaded': fixed('classes', 'Not applicable in Node.js: a loaded module is never unloaded', () => 0),
  'jvm.gc.memory.allocated': fixed(
    'bytes',
    'Node.js: bytes allocated in the V8 young generation (new space) since start, from its size after one garbage collection to before the next (v8.GCProfiler)',
    (s) => s.probe.gcHeap().allocatedBytes,
  ),
  'jvm.gc.memory.promoted': fixed(
    'bytes',
    'Node.js: bytes the V8 old space grew by during garbage collections since start (v8.GCProfiler)',
    (s) => s.probe.gcHeap().promotedBytes,
  ),
  'jvm.gc.max.data.size': fixed(
    'bytes',
    'Node.js: V8 heap size limit; V8 bounds its old space (long-lived objects) only by this limit',
    () => v8.getHeapStatistics().heap_size_limit,
  ),
  'jvm.gc.live.data.size': fixed(
    'bytes',
    'Node.js: V8 old space in use after the last full (mark-compact) garbage collection; 0 until one ran',
    (s) => s.probe.gcHeap().liveDataBytes,
  ),
  'jvm.gc.pause': {
    baseUnit: 'seconds',
    read: ({ probe }) => {
      const p = probe.gcPauses();
      return {
        description: 'Node.js: V8 garbage collections of every kind since start (v8.GCProfiler): count, total and longest time',
        measurements: [
          { statistic: 'COUNT', value: p.count },
          { statistic: 'TOTAL_TIME', value: p.totalMs / 1000 },
          { statistic: 'MAX', value: p.maxMs / 1000 },
        ],
      };
    },
  },
};

// Tomcat's and Undertow's session figures: the same sessions, this server has one HTTP layer.
const SESSION_TEXT = {
  created: 'Sign-ins (sessions started) recorded in the login log since this server started, by every node',
  expired: 'Signed-in sessions (tokens) that reached their expiry while this server ran; signed-out ones are not counted',
  'active.current': 'Signed-in sessions now: unexpired tokens of the token store, shared by every node',
  'active.max': 'Most signed-in sessions seen by this server (at each read and every minute) since it started',
  rejected: 'Sign-ins refused (wrong password, locked, captcha...) recorded in the login log since this server started, by every node',
} as const;
const SESSION_READ: Record<keyof typeof SESSION_TEXT, (f: SessionFigures) => number> = {
  created: (f) => f.created,
  expired: (f) => f.expired,
  'active.current': (f) => f.active,
  'active.max': (f) => f.activeMax,
  rejected: (f) => f.rejected,
};
const SESSIONS: Record<string, MetricDef> = {};
for (const server of ['tomcat', 'undertow']) {
  for (const key of Object.keys(SESSION_TEXT) as Array<keyof typeof SESSION_TEXT>) {
    SESSIONS[`${server}.sessions.${key}`] = sessionMetric(`Node.js: ${SESSION_TEXT[key]}`, SESSION_READ[key]);
  }
}

export const ACTUATOR_METRICS: Record<string, MetricDef> = { ...SYSTEM, ...JVM, ...SESSIONS };

/** One metric in Spring's answer shape, or null when the name is not offered. */
export async function readActuatorMetric(name: string, probe: RuntimeProbe, sessions: SessionWatch) {
  const def = Object.hasOwn(ACTUATOR_METRICS, name) ? ACTUATOR_METRICS[name] : undefined;
  if (!def) return null;
  const { description, measurements } = await def.read({ probe, sessions: () => sessions.figures() });
  return { name, description, baseUnit: def.baseUnit, measurements, availableTags: [] as Array<{ tag: string; values: string[] }> };
}
