// 消息模板 (/sys/message/sysMessageTemplate, table sys_sms_template) and 消息管理
// (/sys/message/sysMessage, table sys_sms) on the resource framework, with the original's field names.
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef } from '../../core/crud';
import { formatDateTime, type Clock } from '../../core/db';
import { MESSAGE_TYPES, TEMPLATE_TYPE_CHANNEL } from './channels';
import { SEND_STATUS } from './dispatcher';
import { parseTemplate, parseTemplateData, renderMessage } from './render';

export const TEMPLATE_PERMISSION = 'system:messageTemplate';
export const MESSAGE_PERMISSION = 'system:message';

const AUDIT = [
  { name: 'createBy', type: 'string', title: '创建人', writable: false },
  { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
  { name: 'updateBy', type: 'string', title: '更新人', writable: false },
  { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
] as const;

/** HTML templates: e-mail and system messages are written in the rich-text editor. */
export const isHtmlTemplateType = (type: string) => type === '2' || type === '4';

export const templateResource: ResourceDef = {
  label: '消息模板',
  table: 'sysSmsTemplate',
  path: '/sys/message/sysMessageTemplate',
  permission: TEMPLATE_PERMISSION,
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'templateCode', type: 'string', title: '模板编码', required: true, max: 100, check: z.string().regex(/^[A-Za-z0-9_.-]*$/, '模板编码只能包含字母、数字、下划线、点和短横线') },
    { name: 'templateName', type: 'string', title: '模板标题', required: true, max: 100 },
    { name: 'templateContent', type: 'string', title: '模板内容', required: true, max: 20_000, sort: false },
    { name: 'templateTestJson', type: 'string', title: '模板测试json', max: 20_000, query: false, sort: false },
    { name: 'templateType', type: 'string', title: '模板类型', required: true, dictCode: 'msgType', check: z.enum(['1', '2', '3', '4'], { error: '模板类型只能是1（短信）、2（邮件）、3（Webhook）或4（系统消息）' }) },
    { name: 'templateCategory', type: 'string', title: '模板分类', max: 20 },
    { name: 'useStatus', type: 'string', title: '是否应用', dictCode: 'yn', check: z.enum(['0', '1'], { error: '是否应用只能是0或1' }) },
    ...AUDIT,
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      let current: { templateCode: string; templateContent: string; templateName: string; useStatus: string } | undefined;
      if (mode === 'edit') {
        current = await ctx.db.selectFrom('sysSmsTemplate').select(['templateCode', 'templateContent', 'templateName', 'useStatus']).where('id', '=', row.id).executeTakeFirstOrThrow();
        if (row.templateCode !== undefined && row.templateCode !== current!.templateCode) throw new ResourceError('模板编码不能修改');
        // 应用 / 停用 change useStatus alone; anything else of a template in use is refused.
        const changes = Object.keys(row).filter((k) => !['id', 'useStatus', 'updateBy', 'updateTime', 'templateCode'].includes(k));
        if (current!.useStatus === '1' && row.useStatus !== '0' && changes.length) throw new ResourceError('此模板已被应用，禁止编辑');
      } else {
        row.useStatus ??= '0';
        const taken = await ctx.db.selectFrom('sysSmsTemplate').select('id').where('tenantId', '=', ctx.tenantId).where('templateCode', '=', row.templateCode as string).executeTakeFirst();
        if (taken) throw new ResourceError(`模板编码“${String(row.templateCode)}”已存在`, 409);
      }
      for (const [name, label] of [['templateContent', '模板内容'], ['templateName', '模板标题']] as const) {
        const text = (row[name] as string | undefined) ?? current?.[name];
        try {
          if (text) parseTemplate(text);
        } catch (err) {
          throw new ResourceError(`${label}：${(err as Error).message}`);
        }
      }
      if (row.templateTestJson) {
        try {
          parseTemplateData(row.templateTestJson);
        } catch (err) {
          throw new ResourceError(`模板测试json：${(err as Error).message}`);
        }
      }
    },
    async beforeDelete(ids, ctx) {
      const used = await ctx.db.selectFrom('sysSmsTemplate').select('templateName').where('id', 'in', ids).where('useStatus', '=', '1').executeTakeFirst();
      if (used) throw new ResourceError(`模板“${used.templateName}”已被应用，禁止删除`);
    },
  },
};

/**
 * What a message added or edited becomes: its text rendered from its template (when it names one) and
 * back in the queue from the first try.
 */
async function queuedState(row: Record<string, unknown>, ctx: RequestContext, now: string) {
  const patch: Record<string, unknown> = { esSendStatus: SEND_STATUS.waiting, esSendNum: 0, esResult: null, nextTryTime: now };
  const code = row.templateCode as string | null | undefined;
  if (code) {
    const tpl = await ctx.db.selectFrom('sysSmsTemplate').selectAll().where('tenantId', '=', ctx.tenantId).where('templateCode', '=', code).executeTakeFirst();
    if (!tpl) throw new ResourceError(`未找到模板“${code}”`);
    const data = parseTemplateData(row.esParam);
    const msg = renderMessage({ title: tpl.templateName, content: tpl.templateContent, html: isHtmlTemplateType(tpl.templateType) }, data);
    Object.assign(patch, { esTitle: msg.title, esContent: msg.content });
  } else if (!row.esContent) {
    throw new ResourceError('请填写发送内容或选择模板');
  }
  return patch;
}

/** Messages: queued by 添加 (sent by the module's timer), or by 发送测试; status and tries are the server's. */
export function messageResource(clock: Clock): ResourceDef {
  const queued = (row: Record<string, unknown>, ctx: RequestContext) => queuedState(row, ctx, formatDateTime(clock.now()));
  return {
    label: '消息',
    table: 'sysSms',
    path: '/sys/message/sysMessage',
    permission: MESSAGE_PERMISSION,
    tenant: true,
    defaultSort: [{ field: 'createTime', order: 'desc' }],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false },
      { name: 'esTitle', type: 'string', title: '消息标题', max: 255 },
      { name: 'esContent', type: 'string', title: '发送内容', max: 20_000, sort: false },
      { name: 'esParam', type: 'string', title: '发送参数', max: 20_000, query: false, sort: false },
      { name: 'esReceiver', type: 'string', title: '接收人', required: true, max: 500 },
      { name: 'esType', type: 'string', title: '发送方式', required: true, dictCode: 'messageType', check: z.enum(MESSAGE_TYPES, { error: '发送方式只能是system、email、sms或webhook' }) },
      { name: 'templateCode', type: 'string', title: '模板编码', max: 100 },
      { name: 'esSendStatus', type: 'string', title: '发送状态', dictCode: 'msgSendStatus', writable: false },
      { name: 'esSendNum', type: 'int', title: '发送次数', writable: false },
      { name: 'esSendTime', type: 'datetime', title: '发送时间', writable: false },
      { name: 'esResult', type: 'string', title: '发送失败原因', writable: false, query: false, sort: false },
      { name: 'nextTryTime', type: 'datetime', title: '下次发送时间', writable: false },
      { name: 'remark', type: 'string', title: '备注', max: 500 },
      ...AUDIT,
    ],
    hooks: {
      async beforeSave(row, ctx, mode) {
        if (mode === 'edit') {
          const current = await ctx.db.selectFrom('sysSms').select('esSendStatus').where('id', '=', row.id).executeTakeFirstOrThrow();
          if (current.esSendStatus === SEND_STATUS.sent) throw new ResourceError('已发送的消息不能编辑');
        } else {
          Object.assign(row, await queued(row, ctx));
        }
      },
      // The framework writes the edited fields; the rendered text and the queue state follow here.
      async afterSave(row, _input, ctx, mode) {
        if (mode !== 'edit') return;
        const merged = { ...(await ctx.db.selectFrom('sysSms').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) };
        await ctx.db.updateTable('sysSms').set(await queued(merged, ctx)).where('id', '=', row.id as string).execute();
      },
    },
  };
}

export { TEMPLATE_TYPE_CHANNEL };
