export { JobRegistry, type JobHandler, type JobRun } from './registry';
export { Scheduler, JobBusyError, JOB_STATUS, RUN_LEASE_MS, nextFireAfter, type RunOutcome, type RunTrigger } from './scheduler';
