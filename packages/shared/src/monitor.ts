// What the monitoring pages read of a node (apps/server/src/modules/monitor answers it, the web pages show it).

export interface SystemFigures {
  hostname: string;
  platform: string;
  arch: string;
  cpuModel: string;
  cpuCount: number;
  /** Share of all CPUs busy since the previous sample, 0–1. */
  cpuUsage: number;
  /** Share of all CPUs this process used since the previous sample, 0–1. */
  processCpuUsage: number;
  loadAverage: [number, number, number];
  memoryTotal: number;
  memoryFree: number;
  memoryUsed: number;
  memoryUsage: number;
  systemUptimeSeconds: number;
  processUptimeSeconds: number;
  processStartTime: number;
  pid: number;
}

export interface RuntimeFigures {
  nodeVersion: string;
  v8Version: string;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  heapLimit: number;
  external: number;
  arrayBuffers: number;
  eventLoopDelay: { minMs: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** Event-loop utilisation since the previous sample, 0–1. */
  eventLoopUtilization: number;
  gc: { kind: string; count: number; totalMs: number }[];
  handles: { type: string; count: number }[];
}

export interface Sample {
  time: number;
  cpuUsage: number;
  processCpuUsage: number;
  memoryUsage: number;
  load1: number;
  heapUsed: number;
  rss: number;
  eventLoopP99Ms: number;
}

export interface DiskFigures {
  /** The folder this filesystem was measured at. */
  name: string;
  max: number;
  rest: number;
  /** Used share in percent, as the original's restPPT. */
  restPPT: number;
}

/** 服务器信息: the machine's figures with the recent samples. */
export type SystemInfo = SystemFigures & { history: Sample[] };
/** Node.js 运行时: the runtime's figures with the recent samples. */
export type RuntimeInfo = RuntimeFigures & { history: Sample[] };
