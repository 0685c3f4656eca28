// Fires scheduled jobs on the second of the app's clock. Several nodes may share one database: a firing is
// claimed by moving the job's next_fire_time on with a compare-and-set update, so exactly one node runs
// it; the same update takes a lease (run_lease_until) that keeps a run still going from being started
// twice — a firing that comes while the lease is held is skipped, not queued.
import { hostname } from 'node:os';
import { nextRuns, validateCron } from '@anxue/shared/cron/index';
import type { AppContext } from '../context';
import { formatDateTime, newId } from '../db';
import type { JobRegistry } from './registry';

export const JOB_STATUS = { running: 0, stopped: -1 } as const;
export type RunTrigger = 'cron' | 'manual';
/** How long a run may hold its lease; a node that died mid-run frees the job after this. */
export const RUN_LEASE_MS = 60 * 60_000;
const MAX_RUN_LOG = 20_000;

/** The firing after `after` of a cron expression, as stored; null when it never fires again. */
export function nextFireAfter(cron: string, after: Date): string | null {
  if (validateCron(cron)) return null;
  const [next] = nextRuns(cron, after, 1);
  return next ? formatDateTime(next) : null;
}

/** Parses a stored local 'YYYY-MM-DD HH:mm:ss'. */
function parseLocal(text: string): Date {
  const [d, t] = text.split(' ');
  const [y, mo, day] = d.split('-').map(Number);
  const [h, mi, s] = t.split(':').map(Number);
  return new Date(y, mo - 1, day, h, mi, s);
}

export interface RunOutcome {
  logId: string;
  status: 'success' | 'failure';
  error: string | null;
}

export class JobBusyError extends Error {}

export class Scheduler {
  readonly node: string;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly runs = new Set<Promise<unknown>>();

  constructor(
    private readonly ctx: AppContext,
    readonly registry: JobRegistry,
    private readonly log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    node?: string,
  ) {
    this.node = node ?? `${hostname()}:${process.pid}`;
  }

  private get db() {
    return this.ctx.db;
  }

  /** Looks for due firings now (one look at a time); the runs it starts go on in the background. */
  tick(): Promise<void> {
    this.ticking ??= this.fireDue().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  /** Resolves when every run this node started has ended. */
  async idle(): Promise<void> {
    await this.ticking;
    while (this.runs.size) await Promise.allSettled([...this.runs]);
  }

  private async fireDue(): Promise<void> {
    const now = this.ctx.clock.now();
    const nowText = formatDateTime(now);
    const due = await this.db
      .selectFrom('sysQuartzJob')
      .select(['id', 'jobClassName', 'cronExpression', 'parameter', 'nextFireTime'])
      .where('status', '=', JOB_STATUS.running)
      .where('delFlag', '=', 0)
      .where('nextFireTime', '<=', nowText)
      .execute();
    for (const job of due) {
      const fireTime = job.nextFireTime!;
      // Missed firings (a node was down) collapse into this one; the next is after now.
      const next = nextFireAfter(job.cronExpression, now);
      const claimed = await this.db
        .updateTable('sysQuartzJob')
        .set({ nextFireTime: next, runLeaseUntil: formatDateTime(new Date(now.getTime() + RUN_LEASE_MS)) })
        .where('id', '=', job.id)
        .where('status', '=', JOB_STATUS.running)
        .where('nextFireTime', '=', fireTime)
        .where((eb) => eb.or([eb('runLeaseUntil', 'is', null), eb('runLeaseUntil', '<', nowText)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) {
        this.track(this.runClaimed(job, parseLocal(fireTime), 'cron'));
        continue;
      }
      // Still running: this firing is skipped (moved on by whoever gets here first).
      await this.db
        .updateTable('sysQuartzJob')
        .set({ nextFireTime: next })
        .where('id', '=', job.id)
        .where('nextFireTime', '=', fireTime)
        .where('runLeaseUntil', '>=', nowText)
        .execute();
    }
  }

  private track(p: Promise<unknown>) {
    this.runs.add(p);
    const forget = () => this.runs.delete(p);
    p.then(forget, (err) => {
      forget();
      this.log.error({ err }, 'recording a job run failed');
    });
  }

  /**
   * Runs a job once now (执行一次), whatever its status, unless a run of it is going; waits for the run
   * and answers its outcome.
   */
  async runNow(jobId: string): Promise<RunOutcome> {
    const now = this.ctx.clock.now();
    const nowText = formatDateTime(now);
    const job = await this.db.selectFrom('sysQuartzJob').select(['id', 'jobClassName', 'parameter']).where('id', '=', jobId).executeTakeFirstOrThrow();
    const claimed = await this.db
      .updateTable('sysQuartzJob')
      .set({ runLeaseUntil: formatDateTime(new Date(now.getTime() + RUN_LEASE_MS)) })
      .where('id', '=', jobId)
      .where((eb) => eb.or([eb('runLeaseUntil', 'is', null), eb('runLeaseUntil', '<', nowText)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new JobBusyError('任务正在执行中，请稍后再试');
    const run = this.runClaimed(job, now, 'manual');
    this.track(run);
    return run;
  }

  private async runClaimed(job: { id: string; jobClassName: string; parameter: string | null }, fireTime: Date, trigger: RunTrigger): Promise<RunOutcome> {
    const started = this.ctx.clock.now();
    const logId = newId();
    const lines: string[] = [];
    await this.db
      .insertInto('sysQuartzJobLog')
      .values({
        id: logId,
        jobId: job.id,
        jobClassName: job.jobClassName,
        fireTime: formatDateTime(fireTime),
        startTime: formatDateTime(started),
        triggerType: trigger,
        status: 'running',
        node: this.node,
      })
      .execute();
    let error: string | null = null;
    try {
      const handler = this.registry.get(job.jobClassName);
      if (!handler) throw new Error(`后台找不到该类名：${job.jobClassName}`);
      await handler.run({ ctx: this.ctx, parameter: job.parameter?.trim() || null, fireTime, log: (line) => lines.push(line) });
    } catch (err) {
      error = (err as Error)?.message || String(err);
      this.log.warn({ jobId: job.id, jobClassName: job.jobClassName, error }, 'scheduled job failed');
    }
    const ended = this.ctx.clock.now();
    try {
      await this.db
        .updateTable('sysQuartzJobLog')
        .set({
          endTime: formatDateTime(ended),
          durationMs: Math.max(0, ended.getTime() - started.getTime()),
          status: error ? 'failure' : 'success',
          runLog: lines.join('\n').slice(0, MAX_RUN_LOG) || null,
          error,
        })
        .where('id', '=', logId)
        .execute();
    } finally {
      await this.db.updateTable('sysQuartzJob').set({ runLeaseUntil: null }).where('id', '=', job.id).execute();
    }
    return { logId, status: error ? 'failure' : 'success', error };
  }

  /** Ticks at each whole second of the app's clock. */
  start(): void {
    if (this.timer) return;
    const schedule = () => {
      const ms = this.ctx.clock.now().getTime();
      this.timer = setTimeout(() => {
        this.tick().catch((err) => this.log.error({ err }, 'scheduler tick failed'));
        schedule();
      }, 1000 - (ms % 1000) + 5);
      this.timer.unref();
    };
    schedule();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle().catch(() => undefined);
  }
}
