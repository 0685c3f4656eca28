import { createHmac } from 'node:crypto';
import type svgCaptcha from 'svg-captcha';
import type { Db } from '../db/connect';
import { formatDateTime, type Clock } from '../db/time';
import type { SharedRedis } from '../redis/shared-redis';
import { lazyRequire } from '../lazy-require';

export const CAPTCHA_TTL_MS = 60_000;
/** Letters and digits that cannot be mistaken for one another. */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Produces the answer text of a new captcha; tests inject a fixed one. */
export type CaptchaTextSource = () => string;

export const randomCaptchaText: CaptchaTextSource = () =>
  Array.from({ length: 4 }, () => CHARS[Math.floor(Math.random() * CHARS.length)]).join('');

export type CaptchaCheck = 'ok' | 'missing' | 'wrong';

// svg-captcha's module is itself the "draw this text" function; its typings only declare the helpers.
// Loaded on the first captcha drawn, not at start.
type DrawCaptcha = (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string;
const drawCaptcha = lazyRequire<DrawCaptcha>('svg-captcha');

/** A stored captcha: the keyed hash of its answer and when it stops counting. */
export interface CaptchaEntry {
  answerHash: string;
  expiresAt: Date;
}

/** Where captcha answers wait for their check, reachable from every node. */
export interface CaptchaAnswers {
  /** Stores (or replaces) the entry of `checkKey`. */
  put(checkKey: string, entry: CaptchaEntry, now: Date): Promise<void>;
  /** Reads the entry without using it up. */
  peek(checkKey: string): Promise<CaptchaEntry | undefined>;
  /** Removes the entry and answers it; of two concurrent calls only one gets it. */
  take(checkKey: string): Promise<CaptchaEntry | undefined>;
}

/** Captchas in sys_captcha, times in the database's local 'YYYY-MM-DD HH:mm:ss' (one node, or several on one database without Redis). */
export class DbCaptchaAnswers implements CaptchaAnswers {
  constructor(private readonly db: Db) {}

  async put(checkKey: string, entry: CaptchaEntry, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysCaptcha').where((eb) => eb.or([eb('checkKey', '=', checkKey), eb('expiresAt', '<', formatDateTime(now))])).execute();
      await trx
        .insertInto('sysCaptcha')
        .values({ checkKey, answerHash: entry.answerHash, expiresAt: formatDateTime(entry.expiresAt), createTime: formatDateTime(now) })
        .execute();
    });
  }

  async peek(checkKey: string): Promise<CaptchaEntry | undefined> {
    const row = await this.db.selectFrom('sysCaptcha').select(['answerHash', 'expiresAt']).where('checkKey', '=', checkKey).executeTakeFirst();
    return row && { answerHash: row.answerHash, expiresAt: new Date(row.expiresAt.replace(' ', 'T')) };
  }

  async take(checkKey: string): Promise<CaptchaEntry | undefined> {
    const entry = await this.peek(checkKey);
    if (!entry) return undefined;
    // Only the request whose delete removed the row may use it, so a captcha serves once.
    const removed = await this.db.deleteFrom('sysCaptcha').where('checkKey', '=', checkKey).executeTakeFirst();
    return Number(removed.numDeletedRows) === 0 ? undefined : entry;
  }
}

/** Captchas in Redis under `captcha:<checkKey>`, removed by Redis when they run out. */
export class RedisCaptchaAnswers implements CaptchaAnswers {
  constructor(private readonly redis: SharedRedis) {}

  private key(checkKey: string) {
    return this.redis.key('captcha', checkKey);
  }

  private static parse(value: string | null): CaptchaEntry | undefined {
    if (!value) return undefined;
    const [answerHash, expires] = value.split(' ');
    return { answerHash: answerHash!, expiresAt: new Date(Number(expires)) };
  }

  async put(checkKey: string, entry: CaptchaEntry, now: Date): Promise<void> {
    const ttl = Math.max(1, entry.expiresAt.getTime() - now.getTime());
    await this.redis.client.set(this.key(checkKey), `${entry.answerHash} ${entry.expiresAt.getTime()}`, 'PX', ttl);
  }

  async peek(checkKey: string): Promise<CaptchaEntry | undefined> {
    return RedisCaptchaAnswers.parse(await this.redis.client.get(this.key(checkKey)));
  }

  async take(checkKey: string): Promise<CaptchaEntry | undefined> {
    return RedisCaptchaAnswers.parse(await this.redis.client.getdel(this.key(checkKey)));
  }
}

/**
 * Captchas keyed by the client's checkKey, kept where every node can check them (the database, or Redis
 * when configured). Only a keyed hash of the lower-cased answer is stored; a captcha is removed at its
 * first check, right or wrong.
 */
export class CaptchaService {
  constructor(
    private readonly answers: CaptchaAnswers,
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
    const svg = drawCaptcha()(answer, { width: 105, height: 35, fontSize: 36, noise: 2, color: true, background: '#f5f5f5' });
    await this.answers.put(checkKey, { answerHash: this.hash(checkKey, answer), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) }, now);
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }

  /**
   * Checks an answer. The captcha is used up, except with `keepIfRight` when the answer is right (the
   * original client's department lookup before sign-in); a wrong answer always uses it up.
   */
  async check(checkKey: string, answer: string, opts: { keepIfRight?: boolean } = {}): Promise<CaptchaCheck> {
    const live = (e: CaptchaEntry) => e.expiresAt.getTime() > this.clock.now().getTime();
    if (opts.keepIfRight) {
      const entry = await this.answers.peek(checkKey);
      if (!entry) return 'missing';
      if (live(entry) && entry.answerHash === this.hash(checkKey, answer.trim())) return 'ok';
    }
    const entry = await this.answers.take(checkKey);
    if (!entry || !live(entry)) return 'missing';
    return entry.answerHash === this.hash(checkKey, answer.trim()) ? 'ok' : 'wrong';
  }
}
