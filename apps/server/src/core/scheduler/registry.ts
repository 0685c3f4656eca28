import type { AppContext } from '../context';

/** What a handler gets for one run. */
export interface JobRun {
  ctx: AppContext;
  /** The job's parameter as entered (null when empty). */
  parameter: string | null;
  /** The firing this run belongs to. */
  fireTime: Date;
  /** Adds a line to the run's log (shown with the run). */
  log(line: string): void;
}

/** A kind of job shipped with the product; a job row names it by `name` (the original's jobClassName). */
export interface JobHandler {
  name: string;
  /** Chinese title shown in the job class picker. */
  title: string;
  /** What the parameter means, shown under the field. */
  parameterHint?: string;
  run(run: JobRun): Promise<void>;
}

/** The handlers a scheduler may run; a job naming anything else is refused on save. */
export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly aliases = new Map<string, string>();

  register(handler: JobHandler): this {
    if (this.handlers.has(handler.name)) throw new Error(`job handler ${handler.name} registered twice`);
    this.handlers.set(handler.name, handler);
    return this;
  }

  /** Another name a job row may carry for a registered handler (the original's class names); not listed. */
  alias(name: string, handlerName: string): this {
    if (!this.handlers.has(handlerName)) throw new Error(`job handler ${handlerName} not registered`);
    this.aliases.set(name, handlerName);
    return this;
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name) ?? this.handlers.get(this.aliases.get(name) ?? '');
  }

  list(): JobHandler[] {
    return [...this.handlers.values()];
  }
}
