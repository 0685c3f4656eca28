import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../core/db';
import { formatDateTime, type Clock } from '../../core/db/time';

// The short-lived, single-use records of third-party sign-in, kept in the database so any node can
// finish a flow another node began. Only a SHA-256 of the state or ticket is stored: a copy of the table
// does not let anyone answer a callback or exchange a ticket.

/** How long a started authorization may take before its callback is refused. */
export const STATE_TTL_MS = 10 * 60_000;
/** How long the browser has to exchange its one-time sign-in token at getLoginUser. */
export const TICKET_TTL_MS = 2 * 60_000;

export interface StateRecord {
  thirdType: string;
  purpose: 'login' | 'bind';
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
  /** bind: the signed-in user who started it. */
  userId: string | null;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

export class LoginFlows {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async put(kind: 'state' | 'ticket', ttlMs: number, values: { thirdType: string; purpose: string; codeVerifier?: string; nonce?: string; redirectUri?: string; userId?: string | null }): Promise<string> {
    const key = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    // Expired rows of any flow go with each new one, so the table stays small without a job.
    await this.db.deleteFrom('sysThirdLoginFlow').where('expiresAt', '<', formatDateTime(now)).execute();
    await this.db
      .insertInto('sysThirdLoginFlow')
      .values({
        id: digest(key),
        kind,
        thirdType: values.thirdType,
        purpose: values.purpose,
        codeVerifier: values.codeVerifier ?? null,
        nonce: values.nonce ?? null,
        redirectUri: values.redirectUri ?? null,
        userId: values.userId ?? null,
        expiresAt: formatDateTime(new Date(now.getTime() + ttlMs)),
      })
      .execute();
    return key;
  }

  /**
   * Takes a record once: it is deleted before it is used, and only the request whose delete removed it
   * gets it, so two callbacks racing with one state cannot both proceed. Expired or unknown: null.
   */
  private async take(kind: 'state' | 'ticket', key: string, thirdType: string) {
    if (!key || key.length > 200) return null;
    const id = digest(key);
    const row = await this.db.selectFrom('sysThirdLoginFlow').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
    if (!row) return null;
    const removed = await this.db.deleteFrom('sysThirdLoginFlow').where('id', '=', id).executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return null;
    if (row.expiresAt <= formatDateTime(this.clock.now())) return null;
    if (row.thirdType !== thirdType) return null;
    return row;
  }

  /** Remembers an authorization request; answers the state to send to the provider. */
  startAuthorization(record: StateRecord): Promise<string> {
    return this.put('state', STATE_TTL_MS, record);
  }

  async takeState(state: string, thirdType: string): Promise<StateRecord | null> {
    const row = await this.take('state', state, thirdType);
    if (!row || !row.codeVerifier || !row.nonce || !row.redirectUri) return null;
    return { thirdType: row.thirdType, purpose: row.purpose === 'bind' ? 'bind' : 'login', codeVerifier: row.codeVerifier, nonce: row.nonce, redirectUri: row.redirectUri, userId: row.userId };
  }

  /** A one-time token standing for "this user proved who they are through this provider". */
  issueTicket(thirdType: string, userId: string): Promise<string> {
    return this.put('ticket', TICKET_TTL_MS, { thirdType, purpose: 'login', userId });
  }

  async takeTicket(ticket: string, thirdType: string): Promise<string | null> {
    const row = await this.take('ticket', ticket, thirdType);
    return row?.userId ?? null;
  }
}
