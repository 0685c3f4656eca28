// The sessions of this server in the sense of the original's tomcat.sessions.* / undertow.sessions.*: a
// session here is a signed-in token of the token store (sys_user_token, shared by every node).
import type { AppContext } from '../../core/context';
import { formatDateTime } from '../../core/db';

export const SESSION_SWEEP_MS = 60_000;

export interface SessionFigures {
  /** Tokens in the store that have not expired. */
  active: number;
  /** The most `active` seen by this node since it started. */
  activeMax: number;
  /** Sign-ins (sessions started) in the login log since this node started. */
  created: number;
  /** Sessions that reached their expiry while this node ran (signed-out ones are not counted). */
  expired: number;
  /** Sign-ins refused (wrong password, locked, captcha...) in the login log since this node started. */
  rejected: number;
}

/**
 * Watches the token store: each look (on every read of the figures and a sweep every minute, far
 * shorter than a session lasts) notes the live tokens, so a token that has since passed its expiry,
 * whether still stored or already purged, is counted once as expired; one that disappeared before its
 * expiry was signed out. Sign-ins and refusals come from the login log (modules/system/login/login-log.ts
 * writes each: "...登录成功！" with outcome 成功, refusals with an outcome starting 失败).
 */
export class SessionWatch {
  private readonly since: string;
  /** Live tokens at the last look: id → expiry. */
  private live = new Map<string, string>();
  /** Expired tokens still stored that were already counted. */
  private counted = new Set<string>();
  private expired = 0;
  private activeMax = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The look under way: concurrent readers (the page asks five figures at once) share it, and looks never interleave. */
  private looking: Promise<number> | null = null;

  constructor(private readonly ctx: AppContext) {
    this.since = formatDateTime(ctx.clock.now());
  }

  start(everyMs = SESSION_SWEEP_MS): void {
    this.timer = setInterval(() => void this.look().catch(() => {}), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private look(): Promise<number> {
    this.looking ??= this.lookNow().finally(() => {
      this.looking = null;
    });
    return this.looking;
  }

  private async lookNow(): Promise<number> {
    const now = formatDateTime(this.ctx.clock.now());
    const rows = await this.ctx.db.selectFrom('sysUserToken').select(['id', 'expiresAt']).where('expiresAt', '>', this.since).execute();
    const stored = new Set<string>();
    const live = new Map<string, string>();
    for (const row of rows) {
      stored.add(row.id);
      if (row.expiresAt > now) live.set(row.id, row.expiresAt);
      else if (!this.counted.has(row.id)) {
        this.expired += 1;
        this.counted.add(row.id);
      }
    }
    // live at the last look, gone now: purged after its expiry, or signed out before it
    for (const [id, expiresAt] of this.live) if (!stored.has(id) && expiresAt <= now) this.expired += 1;
    for (const id of this.counted) if (!stored.has(id)) this.counted.delete(id);
    this.live = live;
    this.activeMax = Math.max(this.activeMax, live.size);
    return live.size;
  }

  async figures(): Promise<SessionFigures> {
    const active = await this.look();
    const counts = await this.ctx.db
      .selectFrom('sysLog')
      .select((eb) => [
        eb.fn.sum<number>(eb.case().when(eb.and([eb('outcome', '=', '成功'), eb('logContent', 'like', '%登录成功%')])).then(1).else(0).end()).as('created'),
        eb.fn.sum<number>(eb.case().when('outcome', 'like', '失败%').then(1).else(0).end()).as('rejected'),
      ])
      .where('logType', '=', 1)
      .where('createTime', '>=', this.since)
      .executeTakeFirstOrThrow();
    return { active, activeMax: this.activeMax, created: Number(counts.created ?? 0), expired: this.expired, rejected: Number(counts.rejected ?? 0) };
  }
}
