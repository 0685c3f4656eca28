// The monitoring calls of this server (modules/monitor): figures of the node answering, refreshed on an interval.
import { useQuery } from '@tanstack/react-query';
import type { DiskFigures as DiskInfo, RuntimeInfo, Sample, SystemInfo } from '@anxue/shared/monitor';
import { http } from '../../../lib/http';
import { t } from '../../../lib/i18n';

export type { DiskInfo, RuntimeInfo, Sample, SystemInfo };

export const REFRESH_MS = 5_000;

export interface DatabaseInfo {
  dialect: string;
  version: string;
  sizeBytes: number;
  tableCount: number;
  connections: number | null;
  maxConnections: number | null;
}
export interface TraceEntry {
  id: number;
  timestamp: string;
  request: { method: string; uri: string; remoteAddress: string };
  response: { status: number };
  principal: { name: string } | null;
  timeTaken: number;
}

export const useSystemInfo = () => useQuery({ queryKey: ['monitor', 'system'], queryFn: () => http.get<SystemInfo>('/sys/actuator/system/info'), refetchInterval: REFRESH_MS });
export const useRuntimeInfo = () => useQuery({ queryKey: ['monitor', 'runtime'], queryFn: () => http.get<RuntimeInfo>('/sys/actuator/runtime/info'), refetchInterval: REFRESH_MS });
export const useDatabaseInfo = () => useQuery({ queryKey: ['monitor', 'database'], queryFn: () => http.get<DatabaseInfo>('/sys/actuator/database/info'), refetchInterval: 30_000 });
export const useDiskInfo = () => useQuery({ queryKey: ['monitor', 'disk'], queryFn: () => http.get<DiskInfo[]>('/sys/actuator/redis/queryDiskInfo'), refetchInterval: 30_000 });

/** The trace answers without the envelope, as the original's actuator endpoint. */
export async function loadTraces(status: string, sort: string): Promise<TraceEntry[]> {
  const body = (await http.raw.get<unknown>(`/actuator/jeecghttptrace/${status}${sort ? `/${sort}` : ''}`)) as unknown as { traces: TraceEntry[] };
  return body.traces;
}

export function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(i ? 1 : 0)} ${units[i]}`;
}

export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d ? t('{d} 天 {h} 小时 {m} 分', { d, h, m }) : t('{h} 小时 {m} 分', { h, m });
}

export const percent = (ratio: number) => Math.round(ratio * 1000) / 10;
