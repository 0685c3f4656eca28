// How each kind of message reaches its receiver. A channel throws to report a failure: an Undeliverable
// is final (no such receiver, bad address), anything else is retried later with back-off.
import type nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import type { MessageBus } from '../../core/bus';
import { formatDateTime, newId, type Db } from '../../core/db';
import { sanitizeRichText } from '../../core/html/sanitize';
import { outboundFetch, OutboundError } from '../../core/http/outbound';
import { lazyRequire } from '../../core/lazy-require';
import { deliverAnnouncement, pushAnnouncement } from '../notice';

// loaded only where SMTP is configured, not at every start
const loadMailer = lazyRequire<typeof nodemailer>('nodemailer');

export const MESSAGE_TYPES = ['system', 'email', 'sms', 'webhook'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** Template types (the original's SendMsgTypeEnum) and the channel each sends by. */
export const TEMPLATE_TYPE_CHANNEL: Record<string, MessageType> = { '1': 'sms', '2': 'email', '3': 'webhook', '4': 'system' };

/** A failure that trying again cannot mend. */
export class Undeliverable extends Error {}

export interface Outgoing {
  id: string;
  receiver: string;
  title: string;
  content: string;
  tenantId: number;
  /** Username of who queued it (the sender of a system message). */
  sender: string;
}
export type Channel = (msg: Outgoing) => Promise<void>;

/** Sends SMS. Providers of real gateways implement this; `log` is the default. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}
interface InfoLogger {
  info(obj: object, msg: string): void;
}
/** Writes each SMS to the server log instead of a gateway (development, or no gateway contract yet). */
export class LogSmsProvider implements SmsProvider {
  constructor(private readonly log: InfoLogger) {}
  async send(phone: string, text: string) {
    this.log.info({ sms: { to: phone, text } }, `SMS to ${phone}: ${text}`);
  }
}

/** The SMS provider the configuration names (SMS_PROVIDER); every SMS of the server goes through it. */
export function createSmsProvider(config: Pick<AppConfig, 'smsProvider'>, log: InfoLogger): SmsProvider {
  switch (config.smsProvider) {
    case 'log':
      return new LogSmsProvider(log);
  }
}

/** An active member of the tenant named by username (or id). */
async function tenantUser(db: Db, tenantId: number, nameOrId: string) {
  return db
    .selectFrom('sysUser as u')
    .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
    .select(['u.id', 'u.username', 'u.email', 'u.phone'])
    .where('ut.tenantId', '=', tenantId)
    .where('ut.status', '=', '1')
    .where('u.status', '=', 1)
    .where('u.delFlag', '=', 0)
    .where((eb) => eb.or([eb('u.username', '=', nameOrId), eb('u.id', '=', nameOrId)]))
    .executeTakeFirst();
}
async function userOrRefuse(db: Db, msg: Outgoing) {
  const user = await tenantUser(db, msg.tenantId, msg.receiver);
  if (!user) throw new Undeliverable(`接收人“${msg.receiver}”不是本租户的有效用户`);
  return user;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const PHONE = /^\+?\d{5,20}$/;
const looksHtml = (s: string) => /<([a-z][a-z0-9]*)\b[^>]*>/i.test(s);
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ', '&amp;': '&' };
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(lt|gt|quot|#39|nbsp|amp);/g, (e) => ENTITIES[e])
    .trim();

export interface ChannelDeps {
  db: Db;
  bus: MessageBus;
  config: AppConfig;
  sms: SmsProvider;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

export function createChannels(deps: ChannelDeps): Record<MessageType, Channel> {
  const { db, config } = deps;
  const smtp = config.smtp;
  const transport = smtp
    ? loadMailer().createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;

  return {
    // A one-user announcement (系统消息), released through the announcement module: bell, count, socket push.
    async system(msg) {
      const user = await userOrRefuse(db, msg);
      const at = formatDateTime(deps.now());
      const annt = { id: newId(), titile: msg.title.slice(0, 100) || '系统消息', msgType: 'USER', userIds: user.id, departIds: null, tenantId: msg.tenantId };
      const content = looksHtml(msg.content) ? msg.content : msg.content.split('\n').map((l) => `<p>${l.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`).join('');
      const userIds = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('sysAnnouncement')
          .values({ ...annt, msgContent: sanitizeRichText(content), msgAbstract: plainText(content).slice(0, 500), msgCategory: '2', priority: 'M', sendStatus: '0', busType: 'msg', busId: msg.id, createBy: msg.sender, createTime: at })
          .execute();
        return deliverAnnouncement(trx, annt, msg.sender, at);
      });
      await pushAnnouncement(deps.bus, annt, userIds).catch((err) => deps.log.warn({ err }, 'system message push not published'));
    },

    async email(msg) {
      if (!transport || !smtp) throw new Undeliverable('未配置邮件服务器（SMTP_HOST）');
      let to = msg.receiver;
      if (!EMAIL.test(to)) {
        const user = await userOrRefuse(db, msg);
        if (!user.email || !EMAIL.test(user.email)) throw new Undeliverable(`用户“${user.username}”没有有效的邮箱`);
        to = user.email;
      }
      const html = looksHtml(msg.content) ? sanitizeRichText(msg.content) : undefined;
      try {
        await transport.sendMail({ from: smtp.from, to, subject: msg.title, text: html ? plainText(html) : msg.content, html });
      } catch (err) {
        throw new Error(`邮件发送失败：${(err as Error).message}`);
      }
    },

    async sms(msg) {
      let phone = msg.receiver;
      if (!PHONE.test(phone)) {
        const user = await userOrRefuse(db, msg);
        if (!user.phone || !PHONE.test(user.phone)) throw new Undeliverable(`用户“${user.username}”没有有效的手机号`);
        phone = user.phone;
      }
      await deps.sms.send(phone, msg.content);
    },

    // WeChat-work style robot: POST {"msgtype":"text","text":{"content":...}} to the receiver URL, through the
    // outbound guard; what the remote answered is never echoed beyond a number.
    async webhook(msg) {
      let url: URL;
      try {
        url = new URL(msg.receiver);
      } catch {
        throw new Undeliverable('Webhook 地址无效');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Undeliverable('Webhook 地址只能是 http 或 https');
      const text = [msg.title, looksHtml(msg.content) ? plainText(msg.content) : msg.content].filter(Boolean).join('\n');
      let res: Response;
      try {
        res = await outboundFetch(
          url,
          { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ msgtype: 'text', text: { content: text } }) },
          { allowPrivate: config.webhookPrivateHosts, timeoutMs: 10_000, maxBytes: 64 * 1024 },
        );
      } catch (err) {
        if (err instanceof OutboundError && err.refused) throw new Undeliverable('Webhook 地址不能指向本机或内网');
        deps.log.warn({ err }, 'webhook request failed');
        throw new Error('Webhook 请求外部地址失败');
      }
      const body = await res.text().catch(() => '');
      if (!res.ok) throw new Error(`Webhook 返回 HTTP ${res.status}`);
      // Robots of WeChat Work and DingTalk answer 200 with an errcode.
      let errcode: unknown;
      try {
        errcode = (JSON.parse(body) as { errcode?: unknown }).errcode;
      } catch {
        return;
      }
      if (errcode) throw new Error(Number.isInteger(errcode) ? `Webhook 返回错误 ${String(errcode)}` : 'Webhook 返回错误');
    },
  };
}
