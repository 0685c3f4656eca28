import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../core/crud';

export const NOTICE_PERMISSION = 'system:sysAnnouncement';
export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
export const MSG_TYPES = ['ALL', 'USER', 'DEPART'] as const;

const idList = (v: unknown) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : []);

/** 通知公告 (the original's /sys/annountCement): drafts are written here; release and revoke are in routes.ts. */
export const announcementResource: ResourceDef = {
  label: '通告',
  table: 'sysAnnouncement',
  path: '/sys/annountCement',
  permission: NOTICE_PERMISSION,
  tenant: true,
  softDelete: true,
  // queryById is the module's own (targeted users read released ones); imported rows are drafts.
  without: ['queryById'],
  defaultSort: [{ field: 'izTop', order: 'desc' }, { field: 'createTime', order: 'desc' }],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'titile', type: 'string', title: '标题', required: true, max: 100 },
    { name: 'msgContent', type: 'string', title: '内容', max: 200_000, richText: true, query: false, sort: false },
    { name: 'msgAbstract', type: 'string', title: '摘要', max: 500 },
    { name: 'startTime', type: 'datetime', title: '开始时间' },
    { name: 'endTime', type: 'datetime', title: '结束时间' },
    { name: 'sender', type: 'string', title: '发布人', writable: false },
    { name: 'priority', type: 'string', title: '优先级', dictCode: 'priority', check: z.enum(['L', 'M', 'H'], { error: '优先级只能是L、M或H' }) },
    { name: 'msgCategory', type: 'string', title: '消息类型', dictCode: 'msg_category', check: z.enum(['1', '2'], { error: '消息类型只能是1或2' }) },
    { name: 'msgType', type: 'string', title: '通告对象', check: z.enum(MSG_TYPES, { error: '通告对象只能是ALL、USER或DEPART' }) },
    { name: 'userIds', type: 'string', title: '指定用户', max: 20_000, query: false, sort: false },
    { name: 'departIds', type: 'string', title: '指定部门', max: 20_000, query: false, sort: false },
    { name: 'sendStatus', type: 'string', title: '发布状态', dictCode: 'send_status', writable: false },
    { name: 'sendTime', type: 'datetime', title: '发布时间', writable: false },
    { name: 'cancelTime', type: 'datetime', title: '撤销时间', writable: false },
    { name: 'openType', type: 'string', title: '打开方式', check: z.enum(['component', 'url', ''], { error: '打开方式只能是component或url' }) },
    { name: 'openPage', type: 'string', title: '打开页面', max: 255 },
    { name: 'busType', type: 'string', title: '业务类型', max: 20 },
    { name: 'busId', type: 'string', title: '业务ID', max: 50 },
    { name: 'izTop', type: 'int', title: '置顶', writable: false, excel: false },
    { name: 'visitsNum', type: 'int', title: '阅读次数', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      if (mode === 'edit') {
        const current = await ctx.db.selectFrom('sysAnnouncement').select(['sendStatus', 'msgType', 'userIds', 'departIds']).where('id', '=', row.id).executeTakeFirstOrThrow();
        if (current.sendStatus === SEND_STATUS.released) throw new ResourceError('已发布的通告不能编辑，请先撤销');
        row = { ...current, ...row };
      } else {
        row.sendStatus = SEND_STATUS.draft;
      }
      const msgType = (row.msgType as string | undefined) ?? 'ALL';
      if (msgType === 'USER' && !idList(row.userIds).length) throw new ResourceError('请选择指定用户');
      if (msgType === 'DEPART' && !idList(row.departIds).length) throw new ResourceError('请选择指定部门');
      if (row.startTime && row.endTime && String(row.endTime) < String(row.startTime)) throw new ResourceError('结束时间不能早于开始时间');
    },
    async beforeDelete(ids, ctx) {
      const released = await ctx.db.selectFrom('sysAnnouncement').select('titile').where('id', 'in', ids).where('sendStatus', '=', SEND_STATUS.released).executeTakeFirst();
      if (released) throw new ResourceError(`“${released.titile}”已发布，请先撤销再删除`);
    },
  },
};

export { idList };
