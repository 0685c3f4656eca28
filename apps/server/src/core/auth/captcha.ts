import { createHmac } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/connect';
import { formatDateTime, type Clock } from '../db/time';

export const CAPTCHA_TTL_MS = 60_000;
/** Letters and digits that cannot be mistaken for one another. */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Produces the answer text of a new captcha; tests inject a fixed one. */
export type CaptchaTextSource = () => string;

export const randomCaptchaText: CaptchaTextSource = () =>
  Array.from({ length: 4 }, () => CHARS[Math.floor(Math.random() * CHARS.length)]).join('');

export type CaptchaCheck = 'ok' | 'missing' | 'wrong';

// svg-captcha's module is itself the "draw this text" function; its typings only declare the helpers.
const drawCaptcha = svgCaptcha as unknown as (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;

/**
 * Captchas kept in the database keyed by the client's checkKey, so any node can check them. Only a keyed
 * hash of the lower-cased answer is stored; a captcha is removed at its first check, right or wrong.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly text: CaptchaTextSource = randomCaptchaText,
  ) {}

  private hash(checkKey: string, answer: string): string {
    return createHmac('sha256', this.secret).update(`${checkKey}\n${answer.toLowerCase()}`).digest('hex');
  }

  /** Creates (or replaces) the captcha of `checkKey`; answers the image as a data URL. */
  async create(checkKey: string): Promise<string> {
    const now = this.clock.now();
    const answer = this.text();
    const svg = drawCaptcha(answer, { width: 105, height: 35, fontSize: 36, noise: 2, color: true, background: '#f5f5f5' });
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysCaptcha').where((eb) => eb.or([eb('checkKey', '=', checkKey), eb('expiresAt', '<', formatDateTime(now))])).execute();
      await trx
        .insertInto('sysCaptcha')
        .values({
          checkKey,
          answerHash: this.hash(checkKey, answer),
          expiresAt: formatDateTime(new Date(now.getTime() + CAPTCHA_TTL_MS)),
          createTime: formatDateTime(now),
        })
        .execute();
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /**
   * Checks an answer. The captcha is used up, except with `keepIfRight` when the answer is right (the
   * original client's department lookup before sign-in); a wrong answer always uses it up.
   */
  async check(checkKey: string, answer: string, opts: { keepIfRight?: boolean } = {}): Promise<CaptchaCheck> {
    const row = await this.db.selectFrom('sysCaptcha').selectAll().where('checkKey', '=', checkKey).executeTakeFirst();
    if (!row) return 'missing';
    if (opts.keepIfRight && row.expiresAt > formatDateTime(this.clock.now()) && row.answerHash === this.hash(checkKey, answer.trim())) return 'ok';
    // Delete first: only the request that removes the row may use it, so a captcha serves once.
    const removed = await this.db.deleteFrom('sysCaptcha').where('checkKey', '=', checkKey).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return 'missing';
    if (row.expiresAt <= formatDateTime(this.clock.now())) return 'missing';
    return row.answerHash === this.hash(checkKey, answer.trim()) ? 'ok' : 'wrong';
  }
}
