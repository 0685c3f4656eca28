// 定时任务's urls (the original's /sys/quartzJob/*), plus the job classes and run records of our server.
import { resourceApi } from '../../../components/list-page';

export const QUARTZ_PERMISSION = 'system:quartzJob';
export const QUARTZ_API = {
  ...resourceApi('/sys/quartzJob', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']),
  pause: '/sys/quartzJob/pause',
  resume: '/sys/quartzJob/resume',
  execute: '/sys/quartzJob/execute',
  jobClasses: '/sys/quartzJob/jobClasses',
  runs: '/sys/quartzJob/runs',
};

/** 0 正常 (scheduled), -1 停止, as the original's quartz_status. */
export const JOB_STATUS = { running: 0, stopped: -1 } as const;

export interface QuartzJob {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter?: string | null;
  description?: string | null;
  status: number;
  status_dictText?: string;
  nextFireTime?: string | null;
}

export interface JobClass {
  value: string;
  text: string;
  parameterHint: string | null;
}

export interface JobRun {
  id: string;
  fireTime: string;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  triggerType: 'cron' | 'manual';
  status: 'running' | 'success' | 'failure';
  runLog: string | null;
  error: string | null;
  node: string | null;
}
