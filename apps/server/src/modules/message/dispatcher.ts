// Sends messages and records what happened. A message waits (status 0) with the time of its next try;
// a failure is tried again after 1, 5 and 15 minutes, then given up (status 2) with the last error. A
// small timer in each server node sends what is due; a node claims a message before sending it, so two
// nodes never send the same one.
import type { Clock, Db } from '../../core/db';
import { formatDateTime } from '../../core/db';
import { Undeliverable, type Channel, type MessageType } from './channels';

export const SEND_STATUS = { waiting: '0', sent: '1', failed: '2' } as const;
/** Waits before the 2nd, 3rd and 4th try. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000];
/** How long a claimed message is left to its sender before another node may try it. */
const CLAIM_MS = 10 * 60_000;
const BATCH = 20;

export interface Attempt {
  id: string;
  status: string;
  tries: number;
  error: string | null;
}

export class MessageDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly channels: Record<MessageType, Channel>,
    private readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  ) {}

  private at(offsetMs = 0) {
    return formatDateTime(new Date(this.clock.now().getTime() + offsetMs));
  }

  /** Tries one waiting message now, if no one else is; answers how it stands afterwards. */
  async attempt(id: string): Promise<Attempt> {
    const row = await this.db.selectFrom('sysSms').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new Error(`message ${id} not found`);
    const stands = (r: { esSendStatus: string; esSendNum: number; esResult: string | null }): Attempt => ({ id, status: r.esSendStatus, tries: r.esSendNum, error: r.esResult });
    if (row.esSendStatus !== SEND_STATUS.waiting) return stands(row);
    const claimed = await this.db
      .updateTable('sysSms')
      .set({ nextTryTime: this.at(CLAIM_MS) })
      .where('id', '=', id)
      .where('esSendStatus', '=', SEND_STATUS.waiting)
      .where('esSendNum', '=', row.esSendNum)
      .where((eb) => (row.nextTryTime === null ? eb('nextTryTime', 'is', null) : eb('nextTryTime', '=', row.nextTryTime)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return stands(row);

    const tries = row.esSendNum + 1;
    const channel = this.channels[row.esType as MessageType];
    let outcome: { esSendStatus: string; esResult: string | null; nextTryTime: string | null };
    try {
      if (!channel) throw new Undeliverable(`不支持的消息类型：${row.esType}`);
      await channel({ id, receiver: row.esReceiver, title: row.esTitle ?? '', content: row.esContent ?? '', tenantId: row.tenantId, sender: row.createBy ?? 'system' });
      outcome = { esSendStatus: SEND_STATUS.sent, esResult: null, nextTryTime: null };
    } catch (err) {
      const error = (err as Error).message || String(err);
      const retry = !(err instanceof Undeliverable) && tries <= RETRY_DELAYS_MS.length;
      outcome = retry
        ? { esSendStatus: SEND_STATUS.waiting, esResult: error, nextTryTime: this.at(RETRY_DELAYS_MS[tries - 1]) }
        : { esSendStatus: SEND_STATUS.failed, esResult: error, nextTryTime: null };
      this.log.warn({ messageId: id, tries, error }, retry ? 'message not delivered, will retry' : 'message given up');
    }
    await this.db.updateTable('sysSms').set({ ...outcome, esSendNum: tries, esSendTime: this.at() }).where('id', '=', id).execute();
    return { id, status: outcome.esSendStatus, tries, error: outcome.esResult };
  }

  /** Sends every waiting message whose time has come (one run at a time); answers how many were tried. */
  runDue(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const due = await this.db
        .selectFrom('sysSms')
        .select('id')
        .where('esSendStatus', '=', SEND_STATUS.waiting)
        .where('nextTryTime', '<=', this.at())
        .orderBy('nextTryTime')
        .limit(BATCH)
        .execute();
      for (const { id } of due) await this.attempt(id);
      tried += due.length;
      if (due.length < BATCH) return tried;
    }
  }

  start(everyMs: number) {
    this.timer ??= setInterval(() => {
      this.runDue().catch((err) => this.log.error({ err }, 'sending due messages failed'));
    }, everyMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
