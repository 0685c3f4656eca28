// 消息模板 and 消息管理 on the original's paths, 发送测试 (sendMsg), and the timer that sends queued
// messages and retries failures.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { callerOf, registerResource, ResourceError } from '../../core/crud';
import { formatDateTime, newId } from '../../core/db';
import { ok } from '../../core/http';
import { createChannels, createSmsProvider, MESSAGE_TYPES, TEMPLATE_TYPE_CHANNEL, type MessageType } from './channels';
import { MessageDispatcher, SEND_STATUS } from './dispatcher';
import { parseTemplateData, renderMessage, renderTemplate } from './render';
import { isHtmlTemplateType, messageResource, TEMPLATE_PERMISSION, templateResource } from './resources';

/** How often each node looks for due messages. */
const TICK_MS = 15_000;
const MAX_RECEIVERS = 50;

/** The dispatcher of an app (tests run due messages at a time of their choosing). */
const dispatchers = new WeakMap<AppContext, MessageDispatcher>();
export function messageDispatcher(ctx: AppContext): MessageDispatcher {
  const d = dispatchers.get(ctx);
  if (!d) throw new Error('message module not registered');
  return d;
}

// The original's msgType of sendMsg is its messageType dictionary; its template types 1–4 are accepted too.
const sendBody = z.object({
  templateCode: z.string({ error: '请选择模板' }).min(1, '请选择模板').max(100),
  receiver: z.string({ error: '请填写消息接收方' }).trim().min(1, '请填写消息接收方').max(5000),
  msgType: z.string().max(20).optional(),
  testData: z.union([z.string().max(20_000), z.record(z.string(), z.unknown())]).optional(),
});

export async function messageRoutes(app: FastifyInstance) {
  const { db, clock, config, bus } = app.ctx;
  const channels = createChannels({ db, bus, config, sms: createSmsProvider(config, app.log), now: () => clock.now(), log: app.log });
  const dispatcher = new MessageDispatcher(db, clock, channels, app.log);
  dispatchers.set(app.ctx, dispatcher);
  app.addHook('onReady', async () => dispatcher.start(TICK_MS));
  app.addHook('onClose', async () => dispatcher.stop());

  const templates = registerResource(app, templateResource, { db, storage: app.ctx.storage });
  registerResource(app, messageResource(clock), { db, storage: app.ctx.storage });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sys/message/sysMessageTemplate/sendMsg',
    { config: { permission: `${TEMPLATE_PERMISSION}:sendMsg` }, schema: { tags: ['消息模板'], summary: '发送测试', body: sendBody } },
    async (req) => {
      const caller = callerOf(req);
      const body = req.body;
      const tpl = await (await templates.scoped(db, caller)).clearSelect().selectAll().where('templateCode', '=', body.templateCode).executeTakeFirst();
      if (!tpl) throw new ResourceError(`未找到模板“${body.templateCode}”`);
      const type = (TEMPLATE_TYPE_CHANNEL[body.msgType ?? ''] ?? body.msgType ?? TEMPLATE_TYPE_CHANNEL[tpl.templateType]) as MessageType;
      if (!MESSAGE_TYPES.includes(type)) throw new ResourceError(`不支持的消息类型：${body.msgType}`);
      const data = parseTemplateData(body.testData ?? tpl.templateTestJson);
      const { title, content } = renderMessage({ title: tpl.templateName, content: tpl.templateContent, html: isHtmlTemplateType(tpl.templateType) }, data);
      // A webhook URL may carry placeholders of its own (a robot key, ...).
      const receivers = [...new Set(body.receiver.split(',').map((r) => r.trim()).filter(Boolean))];
      if (receivers.length > MAX_RECEIVERS) throw new ResourceError(`一次最多发送给${MAX_RECEIVERS}个接收方`);
      const at = formatDateTime(clock.now());
      const rows = receivers.map((r) => ({
        id: newId(),
        esTitle: title,
        esContent: content,
        esParam: JSON.stringify(data),
        esReceiver: type === 'webhook' ? renderTemplate(r, data) : r,
        esType: type,
        templateCode: tpl.templateCode,
        esSendStatus: SEND_STATUS.waiting,
        esSendNum: 0,
        nextTryTime: at,
        remark: '发送测试',
        tenantId: tpl.tenantId,
        createBy: caller.username,
        createTime: at,
      }));
      await db.transaction().execute((trx) => trx.insertInto('sysSms').values(rows).execute());
      const results = [];
      for (const row of rows) results.push(await dispatcher.attempt(row.id));
      const failed = results.filter((r) => r.status !== SEND_STATUS.sent);
      if (failed.length) {
        const retrying = failed.some((r) => r.status === SEND_STATUS.waiting);
        const reason = failed[0].error;
        throw new ResourceError(retrying ? `消息发送失败：${reason}（已记录，将自动重试）` : `消息发送失败：${reason}`);
      }
      return ok(null, '消息发送成功！');
    },
  );
}
