import type { AppContext } from '../../core/context';
import type { RedisProbe } from './redis';
import type { RuntimeProbe } from './runtime';
import type { SessionWatch } from './sessions';
import type { HttpTraceLog } from './trace';

/** What the monitoring module keeps per app: the trace of this node, its runtime probe, its watch of the sessions, Redis when configured. */
export interface MonitorState {
  trace: HttpTraceLog;
  probe: RuntimeProbe;
  sessions: SessionWatch;
  redis: RedisProbe | null;
}

const states = new WeakMap<AppContext, MonitorState>();

export function setMonitorState(ctx: AppContext, state: MonitorState): void {
  states.set(ctx, state);
}

export function monitorState(ctx: AppContext): MonitorState {
  const s = states.get(ctx);
  if (!s) throw new Error('installMonitoring(app) was not called');
  return s;
}
