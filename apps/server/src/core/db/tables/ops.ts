import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Scheduled jobs and their runs (migration 0020).
export interface SysQuartzJobTable {
  id: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  delFlag: Defaulted<number>;
  /** A name of the scheduler's registry of handlers. */
  jobClassName: string;
  /** Seven-field Quartz cron (packages/shared/src/cron). */
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  /** 0 running (scheduled), -1 stopped. */
  status: Defaulted<number>;
  /** The next firing, local 'YYYY-MM-DD HH:mm:ss'; null when stopped or the cron has no future firing. */
  nextFireTime: string | null;
  /** Set while a run is going (until this time at most), so a firing does not start a second run. */
  runLeaseUntil: string | null;
}

export interface SysQuartzJobLogTable {
  id: string;
  jobId: string;
  jobClassName: string;
  fireTime: string;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  /** 'cron' or 'manual' (执行一次). */
  triggerType: string;
  /** 'running', 'success' or 'failure'. */
  status: string;
  runLog: string | null;
  error: string | null;
  node: string | null;
}

export interface OpsTables {
  sysQuartzJob: SysQuartzJobTable;
  sysQuartzJobLog: SysQuartzJobLogTable;
}

// Columns migration 0020 adds to sys_log (declared in schema.ts).
declare module '../schema' {
  interface SysLogTable {
    userAgent: ColumnType<string | null, string | null | undefined, string | null>;
    /** 成功, or 失败：<message>. */
    outcome: ColumnType<string | null, string | null | undefined, string | null>;
  }
}
