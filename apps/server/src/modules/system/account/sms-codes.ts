import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Db, DialectName } from '../../../core/db';
import { formatDateTime, inLockedTransaction, newId, type Clock } from '../../../core/db';
import { BizError } from '../../../core/errors';
import type { SmsProvider } from '../../message/channels';

/** What a code may be used for; the original's smsmode 0, 1, 2 are login, register and forgot. */
export type SmsPurpose = 'login' | 'register' | 'forgot' | 'changePhone' | 'changePwd' | 'logOff';
export const SMS_MODES: Record<string, SmsPurpose> = { '0': 'login', '1': 'register', '2': 'forgot' };

/** A code is good for five minutes, once; five wrong answers spend it. */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_WRONG = 5;
/** Sends per number and per client address: one a minute, five an hour. */
export const SMS_PER_MINUTE = 1;
export const SMS_PER_HOUR = 5;
/** How long a verified forgotten-password code stays good for setting the new password. */
export const RESET_KEY_TTL_MS = 10 * 60 * 1000;
const RESET = 'reset';
/** A verified current number of the account: the new one may be set (changePhone). */
const PHONE_OK = 'phoneOk';
/** The purposes of codes actually sent, which the send limits count. */
const SENT_PURPOSES: SmsPurpose[] = ['login', 'register', 'forgot', 'changePhone', 'changePwd', 'logOff'];

export const SMS_MESSAGES = {
  tooSoon: '验证码发送过于频繁，请1分钟后再试！',
  tooMany: '短信接口请求太多，请稍后再试！',
  expired: '手机验证码失效，请重新获取',
  wrong: '手机验证码错误',
  resetExpired: '重置密码的验证已失效，请重新验证手机号',
} as const;

const SMS_TEXT = (code: string) => `您的验证码是${code}，5分钟内有效，请勿泄露给他人。`;

/**
 * SMS verification codes kept in sys_sms_code (migration 0025): only a keyed hash of each code, its
 * purpose, expiry and use. The same rows are what the send limits count, per number and per client
 * address, so several nodes on one database agree without Redis (as sign-in lock-out does).
 */
export class SmsCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly provider: SmsProvider,
    private readonly dialect: DialectName,
  ) {}

  private hash(purpose: string, mobile: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${mobile}\n${code}`).digest('hex');
  }

  /** Refuses a send over the limits of this number or this address. */
  private async checkLimits(db: Db, mobile: string, clientIp: string, now: Date): Promise<void> {
    const since = (ms: number) => formatDateTime(new Date(now.getTime() - ms));
    const count = async (column: 'mobile' | 'clientIp', value: string, ms: number) => {
      const row = await db
        .selectFrom('sysSmsCode')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(column, '=', value)
        .where('purpose', 'in', SENT_PURPOSES)
        .where('createTime', '>', since(ms))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };
    for (const [column, value] of [['mobile', mobile], ['clientIp', clientIp]] as const) {
      if ((await count(column, value, 60_000)) >= SMS_PER_MINUTE) throw new BizError(SMS_MESSAGES.tooSoon);
      if ((await count(column, value, 3_600_000)) >= SMS_PER_HOUR) throw new BizError(SMS_MESSAGES.tooMany);
    }
  }

  /**
   * Sends a fresh code for a purpose (earlier unused codes of the number and purpose are spent). With
   * `deliver: false` the send is counted and stored like any other but no message leaves and no answer
   * can match it: for numbers that belong to nobody, so the answer does not tell which numbers exist.
   */
  async send(opts: { mobile: string; purpose: SmsPurpose; clientIp: string; username?: string | null; deliver?: boolean }): Promise<void> {
    const now = this.clock.now();
    const nowText = formatDateTime(now);
    const clientIp = (opts.clientIp || 'unknown').slice(0, 64);
    // rows older than the hourly window and no longer usable are of no more use
    await this.db
      .deleteFrom('sysSmsCode')
      .where('createTime', '<', formatDateTime(new Date(now.getTime() - 3_600_000)))
      .where('expireTime', '<', nowText)
      .execute();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const deliver = opts.deliver !== false;
    // the limits are checked and the send recorded under the number's and the address's locks (in that
    // order), so parallel requests count each other
    await inLockedTransaction(this.db, this.dialect, [`sms:mobile:${opts.mobile}`, `sms:ip:${clientIp}`], async (trx) => {
      await this.checkLimits(trx, opts.mobile, clientIp, now);
      await trx
        .updateTable('sysSmsCode')
        .set({ usedTime: nowText })
        .where('mobile', '=', opts.mobile)
        .where('purpose', '=', opts.purpose)
        .where('usedTime', 'is', null)
        .execute();
      await trx
        .insertInto('sysSmsCode')
        .values({
          id: newId(),
          mobile: opts.mobile,
          purpose: opts.purpose,
          codeHash: deliver ? this.hash(opts.purpose, opts.mobile, code) : randomBytes(32).toString('hex'),
          clientIp,
          username: opts.username ?? null,
          failCount: 0,
          expireTime: formatDateTime(new Date(now.getTime() + SMS_CODE_TTL_MS)),
          usedTime: null,
          createTime: nowText,
        })
        .execute();
    });
    if (deliver) await this.provider.send(opts.mobile, SMS_TEXT(code));
  }

  /**
   * Spends the number's current code of the purpose when `code` is it; answers the account the code
   * was sent for. A wrong answer counts; the fifth spends the code. Missing, expired or used: 失效.
   */
  async consume(opts: { mobile: string; purpose: SmsPurpose; code: string }): Promise<{ username: string | null; mobile: string }> {
    return this.spend('mobile', opts.mobile, opts.purpose, () => this.hash(opts.purpose, opts.mobile, opts.code), opts.code, SMS_MESSAGES.expired);
  }

  private async spend(by: 'mobile' | 'username', value: string, purpose: string, hashOf: (row: { mobile: string }) => string, code: string, expiredMessage: string) {
    const nowText = formatDateTime(this.clock.now());
    const row = await this.db
      .selectFrom('sysSmsCode')
      .select(['id', 'mobile', 'codeHash', 'failCount', 'username'])
      .where(by, '=', value)
      .where('purpose', '=', purpose)
      .where('usedTime', 'is', null)
      .where('expireTime', '>', nowText)
      .orderBy('createTime', 'desc')
      .executeTakeFirst();
    if (!row) throw new BizError(expiredMessage);
    if (!/^\d{6}$/.test(code) || hashOf(row) !== row.codeHash) {
      const spent = row.failCount + 1 >= SMS_MAX_WRONG;
      await this.db
        .updateTable('sysSmsCode')
        .set((eb) => ({ failCount: eb('failCount', '+', 1), ...(spent ? { usedTime: nowText } : {}) }))
        .where('id', '=', row.id)
        .execute();
      throw new BizError(SMS_MESSAGES.wrong);
    }
    // only one of two requests racing with the same code wins
    const res = await this.db.updateTable('sysSmsCode').set({ usedTime: nowText }).where('id', '=', row.id).where('usedTime', 'is', null).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new BizError(expiredMessage);
    return { username: row.username, mobile: row.mobile };
  }

  /**
   * After a forgotten-password code was verified (and spent), the same code becomes the key for setting
   * the account's new password: ten minutes, once, five wrong answers spend it. The original client sends
   * the code it verified again with the new password, so the key is that code, bound to the account.
   */
  async issueResetKey(mobile: string, username: string, code: string, clientIp: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insertInto('sysSmsCode')
      .values({
        id: newId(),
        mobile,
        purpose: RESET,
        codeHash: this.hash(RESET, `${username}\n${mobile}`, code),
        clientIp: (clientIp || 'unknown').slice(0, 64),
        username,
        failCount: 0,
        expireTime: formatDateTime(new Date(now.getTime() + RESET_KEY_TTL_MS)),
        usedTime: null,
        createTime: formatDateTime(now),
      })
      .execute();
  }

  /** Spends the reset key of `username`; answers the number it was issued for. */
  async consumeResetKey(username: string, key: string): Promise<string> {
    const { mobile } = await this.spend('username', username, RESET, (row) => this.hash(RESET, `${username}\n${row.mobile}`, key), key, SMS_MESSAGES.resetExpired);
    return mobile;
  }

  /** Records that `username` just proved the account's current number (10 minutes, once). */
  async grantPhoneChange(username: string, mobile: string, clientIp: string): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insertInto('sysSmsCode')
      .values({
        id: newId(),
        mobile,
        purpose: PHONE_OK,
        codeHash: randomBytes(32).toString('hex'),
        clientIp: (clientIp || 'unknown').slice(0, 64),
        username,
        failCount: 0,
        expireTime: formatDateTime(new Date(now.getTime() + RESET_KEY_TTL_MS)),
        usedTime: null,
        createTime: formatDateTime(now),
      })
      .execute();
  }

  /** Spends the proof of the current number of `username`; false when there is none. */
  async spendPhoneChange(username: string): Promise<boolean> {
    const nowText = formatDateTime(this.clock.now());
    const res = await this.db
      .updateTable('sysSmsCode')
      .set({ usedTime: nowText })
      .where('purpose', '=', PHONE_OK)
      .where('username', '=', username)
      .where('usedTime', 'is', null)
      .where('expireTime', '>', nowText)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
