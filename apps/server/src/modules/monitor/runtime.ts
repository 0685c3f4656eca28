// Figures of this node: the machine (CPU, memory, load, uptime), its disks, and the Node.js runtime in
// place of the original's JVM page (heap, event-loop delay, garbage collections, handles). A sampler
// keeps the last few minutes so the pages' charts start with a history.
import { readFileSync } from 'node:fs';
import { statfs, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { monitorEventLoopDelay, performance, PerformanceObserver, constants, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';

export const SAMPLE_EVERY_MS = 5_000;
export const HISTORY_SIZE = 120;

import type { DiskFigures, RuntimeFigures, Sample, SystemFigures } from '@anxue/shared/monitor';

export type { DiskFigures, RuntimeFigures, Sample, SystemFigures };

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const ns2ms = (ns: number) => (Number.isFinite(ns) ? Math.round(ns / 1e4) / 100 : 0);
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

export class RuntimeProbe {
  private readonly delay: IntervalHistogram;
  private readonly gcObserver: PerformanceObserver;
  private readonly gc = new Map<string, { count: number; totalMs: number }>();
  private readonly gcProfiler = new v8.GCProfiler();
  /** Heap figures around each collection, in the sense of Spring's jvm.gc.* (see harvestGc()). */
  private readonly gcMemory = { allocatedBytes: 0, promotedBytes: 0, liveDataBytes: 0, youngAfterLast: youngUsed() };
  /** Collections seen by the profiler since start: how many, their total and longest cost. */
  private readonly gcPause = { count: 0, totalMs: 0, maxMs: 0 };
  private profiling = false;
  private threadsPeak = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly history: Sample[] = [];
  // the previous readings the usage figures are measured against
  private lastCpu = cpuTimes();
  private lastProcessCpu = process.cpuUsage();
  private lastAt = performance.now();
  private lastElu = performance.eventLoopUtilization();
  private current = { cpuUsage: 0, processCpuUsage: 0, eventLoopUtilization: 0 };

  constructor() {
    this.delay = monitorEventLoopDelay({ resolution: 10 });
    this.gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = GC_KINDS[((entry as unknown as { detail?: { kind?: number } }).detail)?.kind ?? -1] ?? 'other';
        const g = this.gc.get(kind) ?? { count: 0, totalMs: 0 };
        g.count += 1;
        g.totalMs += entry.duration;
        this.gc.set(kind, g);
      }
    });
  }

  start(everyMs = SAMPLE_EVERY_MS): void {
    this.delay.enable();
    this.gcObserver.observe({ entryTypes: ['gc'] });
    this.gcProfiler.start();
    this.profiling = true;
    this.timer = setInterval(() => this.sample(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.delay.disable();
    this.gcObserver.disconnect();
    if (this.profiling) this.gcProfiler.stop();
    this.profiling = false;
  }

  /**
   * Takes the profiler's entries since the last call (it hands them over only when stopped, so it is
   * started again at once) and adds them up in the sense of Spring's jvm.gc.*: allocated = growth of the
   * young generation (new space) from the end of one collection to the start of the next; promoted =
   * growth of the old space during a collection; live data = old space in use after the last full
   * (mark-compact) collection, 0 until one happened; pauses = each collection's cost.
   */
  private harvestGc(): void {
    if (!this.profiling) return;
    const entries = this.gcProfiler.stop()?.statistics ?? [];
    this.gcProfiler.start();
    const m = this.gcMemory;
    for (const e of entries) {
      const before = spaces(e.beforeGC.heapSpaceStatistics);
      const after = spaces(e.afterGC.heapSpaceStatistics);
      m.allocatedBytes += Math.max(0, (before.new_space ?? 0) - m.youngAfterLast);
      m.youngAfterLast = after.new_space ?? 0;
      m.promotedBytes += Math.max(0, (after.old_space ?? 0) - (before.old_space ?? 0));
      if (e.gcType === 'MarkSweepCompact') m.liveDataBytes = after.old_space ?? 0;
      const ms = e.cost / 1000;
      this.gcPause.count += 1;
      this.gcPause.totalMs += ms;
      this.gcPause.maxMs = Math.max(this.gcPause.maxMs, ms);
    }
  }

  /** Bytes allocated in and promoted from the young generation since start, and the old space's live data. */
  gcHeap(): { allocatedBytes: number; promotedBytes: number; liveDataBytes: number } {
    this.harvestGc();
    const { allocatedBytes, promotedBytes, liveDataBytes } = this.gcMemory;
    return { allocatedBytes, promotedBytes, liveDataBytes };
  }

  /** Garbage collections of every kind since start (v8.GCProfiler): count, total and longest time. */
  gcPauses(): { count: number; totalMs: number; maxMs: number } {
    this.harvestGc();
    return { ...this.gcPause };
  }

  /** The operating-system threads of this process now, and the most seen by this probe since start. */
  threads(): { live: number; peak: number; source: 'proc' | 'pool' } {
    const live = processThreads();
    this.threadsPeak = Math.max(this.threadsPeak, live.count);
    return { live: live.count, peak: this.threadsPeak, source: live.source };
  }

  /** Reads the usage figures since the previous sample and keeps one history point. */
  sample(): Sample {
    const cpu = cpuTimes();
    const dTotal = cpu.total - this.lastCpu.total;
    const cpuUsage = dTotal > 0 ? 1 - (cpu.idle - this.lastCpu.idle) / dTotal : 0;
    const now = performance.now();
    const proc = process.cpuUsage(this.lastProcessCpu);
    const elapsedUs = (now - this.lastAt) * 1000;
    const processCpuUsage = elapsedUs > 0 ? (proc.user + proc.system) / elapsedUs / Math.max(1, os.cpus().length) : 0;
    const elu = performance.eventLoopUtilization(this.lastElu);
    this.lastCpu = cpu;
    this.lastProcessCpu = process.cpuUsage();
    this.lastAt = now;
    this.lastElu = performance.eventLoopUtilization();
    this.current = { cpuUsage: round(cpuUsage), processCpuUsage: round(processCpuUsage), eventLoopUtilization: round(elu.utilization) };
    const mem = process.memoryUsage();
    const s: Sample = {
      time: Date.now(),
      cpuUsage: this.current.cpuUsage,
      processCpuUsage: this.current.processCpuUsage,
      memoryUsage: round(1 - os.freemem() / os.totalmem()),
      load1: round(os.loadavg()[0]!, 2),
      heapUsed: mem.heapUsed,
      rss: mem.rss,
      eventLoopP99Ms: ns2ms(this.delay.percentile(99)),
    };
    // each point shows the delay of its own interval
    this.delay.reset();
    this.threads();
    // the profiler keeps every collection's statistics until they are taken
    this.harvestGc();
    this.history.push(s);
    if (this.history.length > HISTORY_SIZE) this.history.shift();
    return s;
  }

  samples(): Sample[] {
    return [...this.history];
  }

  system(): SystemFigures {
    const cpus = os.cpus();
    const total = os.totalmem();
    const free = os.freemem();
    const load = os.loadavg();
    return {
      hostname: os.hostname(),
      platform: `${os.type()} ${os.release()}`,
      arch: os.arch(),
      cpuModel: cpus[0]?.model ?? '',
      cpuCount: cpus.length,
      cpuUsage: this.current.cpuUsage,
      processCpuUsage: this.current.processCpuUsage,
      loadAverage: [round(load[0]!, 2), round(load[1]!, 2), round(load[2]!, 2)],
      memoryTotal: total,
      memoryFree: free,
      memoryUsed: total - free,
      memoryUsage: round((total - free) / total),
      systemUptimeSeconds: Math.round(os.uptime()),
      processUptimeSeconds: Math.round(process.uptime()),
      processStartTime: Math.round((Date.now() - process.uptime() * 1000) / 1000),
      pid: process.pid,
    };
  }

  runtime(): RuntimeFigures {
    const mem = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const handles = new Map<string, number>();
    for (const type of process.getActiveResourcesInfo()) handles.set(type, (handles.get(type) ?? 0) + 1);
    const d = this.delay;
    const hasDelay = d.count > 0;
    return {
      nodeVersion: process.version,
      v8Version: process.versions.v8,
      rss: mem.rss,
      heapUsed: mem.heapUsed,
      heapTotal: mem.heapTotal,
      heapLimit: heap.heap_size_limit,
      external: mem.external,
      arrayBuffers: mem.arrayBuffers,
      eventLoopDelay: {
        minMs: hasDelay ? ns2ms(d.min) : 0,
        meanMs: hasDelay ? ns2ms(d.mean) : 0,
        p50Ms: hasDelay ? ns2ms(d.percentile(50)) : 0,
        p99Ms: hasDelay ? ns2ms(d.percentile(99)) : 0,
        maxMs: hasDelay ? ns2ms(d.max) : 0,
      },
      eventLoopUtilization: this.current.eventLoopUtilization,
      gc: [...this.gc].map(([kind, g]) => ({ kind, count: g.count, totalMs: Math.round(g.totalMs * 100) / 100 })),
      handles: [...handles].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
    };
  }
}

type SpaceStats = Array<{ spaceName: string; spaceUsedSize: number }>;
const spaces = (list: SpaceStats): Record<string, number> => Object.fromEntries(list.map((s) => [s.spaceName, s.spaceUsedSize]));
function youngUsed(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_used_size ?? 0;
}

/**
 * Threads of this process as the kernel counts them (Linux /proc/self/status): the main JavaScript
 * thread, V8's helper threads and libuv's pool. Elsewhere: the main thread plus libuv's pool size.
 */
function processThreads(): { count: number; source: 'proc' | 'pool' } {
  try {
    const line = /^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (line) return { count: Number(line[1]), source: 'proc' };
  } catch {
    // not Linux
  }
  return { count: 1 + (Number(process.env.UV_THREADPOOL_SIZE) || 4), source: 'pool' };
}

/** CommonJS modules loaded by this process (require.cache); Node.js keeps no list of loaded ES modules. */
export function loadedCommonJsModules(): number {
  return Object.keys(createRequire(import.meta.url).cache).length;
}

/** The filesystems holding the given folders (each once), as the original's disk list. */
export async function diskFigures(folders: string[]): Promise<DiskFigures[]> {
  const seen = new Set<number>();
  const out: DiskFigures[] = [];
  for (const folder of folders) {
    try {
      const [{ dev }, fs] = await Promise.all([stat(folder), statfs(folder)]);
      if (seen.has(dev) || fs.blocks === 0) continue;
      seen.add(dev);
      const max = fs.blocks * fs.bsize;
      const rest = fs.bavail * fs.bsize;
      out.push({ name: folder, max, rest, restPPT: Math.round(((max - rest) * 100) / max) });
    } catch {
      // a folder that is not there has no disk to show
    }
  }
  return out;
}
