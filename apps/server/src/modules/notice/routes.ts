// 通知公告 on the original's paths: the back-office list and drafts (resource framework), release and
// revoke, and what every signed-in user reads of their own notices (bell, 我的消息, read state).
import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError, type Caller } from '../../core/crud';
import { formatDateTime, type Db } from '../../core/db';
import { ok } from '../../core/http';
import { fetchPage } from '../../core/query';
import { announcementResource, NOTICE_PERMISSION, SEND_STATUS } from './resource';
import { deliverAnnouncement, pushAnnouncement } from './release';
import { NOTICE_CHANNEL, type NoticePush } from './socket';
import { targetUserIds } from './targets';

const TAGS = ['通知公告'];
const idQuery = z.object({ id: z.string({ error: '缺少id' }).min(1, '缺少id').max(64) });
const pageNo = pageNoParam();
const pageSize = (def: number) => pageSizeParam(def);
const myListQuery = z.object({
  pageNo,
  pageSize: pageSize(10),
  titile: z.string().max(100).optional(),
  sender: z.string().max(100).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
  sendTimeBegin: z.string().max(19).optional(),
  sendTimeEnd: z.string().max(19).optional(),
});

/** The columns a recipient sees of an announcement, with their own read state. */
const FEED_COLUMNS = [
  'a.id', 'a.titile', 'a.msgAbstract', 'a.msgContent', 'a.sender', 'a.sendTime', 'a.createTime', 'a.priority', 'a.msgCategory',
  'a.openType', 'a.openPage', 'a.busType', 'a.busId', 'a.startTime', 'a.endTime', 's.readFlag',
] as const;

/** The caller's deliveries of released, undeleted announcements in the caller's tenant. */
function myDeliveries(db: Db, caller: Caller) {
  return db
    .selectFrom('sysAnnouncementSend as s')
    .innerJoin('sysAnnouncement as a', 'a.id', 's.anntId')
    .where('s.userId', '=', caller.id)
    .where('s.tenantId', '=', caller.tenantId)
    .where('a.sendStatus', '=', SEND_STATUS.released)
    .where('a.delFlag', '=', 0);
}
const like = (v: string) => `%${v.replace(/[%_\\]/g, '')}%`;

export async function announcementRoutes(app: FastifyInstance) {
  const { db, clock, bus } = app.ctx;
  const svc = registerResource(app, announcementResource, { db, storage: app.ctx.storage });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = () => formatDateTime(clock.now());
  const perm = (action: string) => `${NOTICE_PERMISSION}:${action}`;

  /** The announcement as the caller's page may manage it (tenant, not deleted), or a refusal. */
  const managed = async (caller: Caller, id: string) => {
    const row = await (await svc.scoped(db, caller)).clearSelect().selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ResourceError('未找到对应实体', 404);
    return row as { id: string; titile: string; sendStatus: string; msgType: string; userIds: string | null; departIds: string | null; tenantId: number };
  };

  // Managers (list right) read any announcement of their tenant; anyone else only a released one sent to them.
  r.get('/sys/annountCement/queryById', { config: { auth: true }, schema: { tags: TAGS, summary: '通告详情', querystring: idQuery } }, async (req) => {
    const caller = callerOf(req);
    if ((await caller.permissions?.())?.has(perm('list'))) {
      const row = await (await svc.scoped(db, caller)).where('id', '=', req.query.id).executeTakeFirst();
      if (row) {
        await svc.decorate(db, caller, [row]);
        return ok(row);
      }
    }
    const mine = await myDeliveries(db, caller).select(FEED_COLUMNS).where('a.id', '=', req.query.id).executeTakeFirst();
    if (!mine) throw new ResourceError('未找到对应实体', 404);
    return ok(mine);
  });

  r.get(
    '/sys/annountCement/doReleaseData',
    { config: { permission: perm('doReleaseData') }, schema: { tags: TAGS, summary: '发布通告', querystring: idQuery } },
    async (req) => {
      const caller = callerOf(req);
      const annt = await managed(caller, req.query.id);
      if (annt.sendStatus === SEND_STATUS.released) throw new ResourceError('该通告已发布');
      const at = now();
      const userIds = await db.transaction().execute((trx) => deliverAnnouncement(trx, annt, caller.username, at));
      await pushAnnouncement(bus, annt, userIds).catch((err) => req.log.warn({ err }, 'notice push not published'));
      return ok(null, '系统通知推送成功');
    },
  );

  r.get(
    '/sys/annountCement/doReovkeData',
    { config: { permission: perm('doReovkeData') }, schema: { tags: TAGS, summary: '撤销通告', querystring: idQuery } },
    async (req) => {
      const annt = await managed(callerOf(req), req.query.id);
      if (annt.sendStatus !== SEND_STATUS.released) throw new ResourceError('只有已发布的通告可以撤销');
      await db.updateTable('sysAnnouncement').set({ sendStatus: SEND_STATUS.revoked, cancelTime: now() }).where('id', '=', annt.id).execute();
      return ok(null, '该系统通知撤销成功');
    },
  );

  // The bell: the caller's unread notices (通知) and system messages (系统消息), newest first.
  r.get(
    '/sys/annountCement/listByUser',
    { config: { auth: true }, schema: { tags: TAGS, summary: '当前用户的未读通知', querystring: z.object({ pageSize: pageSize(5) }) } },
    async (req) => {
      const caller = callerOf(req);
      const unread = (category: string) => myDeliveries(db, caller).where('s.readFlag', '=', 0).where('a.msgCategory', '=', category);
      const [annt, sys] = await Promise.all(
        ['1', '2'].map((c) => fetchPage(unread(c).select(FEED_COLUMNS).orderBy('a.sendTime', 'desc').orderBy('a.id'), 1, req.query.pageSize)),
      );
      return ok({ anntMsgList: annt.records, anntMsgTotal: annt.total, sysMsgList: sys.records, sysMsgTotal: sys.total });
    },
  );

  r.get('/sys/annountCement/getUnreadMessageCount', { config: { auth: true }, schema: { tags: TAGS, summary: '未读消息数' } }, async (req) => {
    const row = await myDeliveries(db, callerOf(req))
      .where('s.readFlag', '=', 0)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    const count = Number(row?.n ?? 0);
    // Flows, files and plans do not exist here: every unread message is a system one.
    return ok({ count, systemCount: count, flowCount: 0, fileCount: 0, planCount: 0 });
  });

  const markRead = async (caller: Caller, anntId?: string) => {
    let q = db.updateTable('sysAnnouncementSend').set({ readFlag: 1, readTime: now() }).where('userId', '=', caller.id).where('tenantId', '=', caller.tenantId).where('readFlag', '=', 0);
    if (anntId) q = q.where('anntId', '=', anntId);
    await q.execute();
  };
  const readBody = z.object({ anntId: z.string({ error: '缺少anntId' }).min(1, '缺少anntId').max(64) });
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
      config: { auth: true },
      schema: { tags: TAGS, summary: '标记为已读', body: readBody },
      handler: async (req) => {
        await markRead(callerOf(req), req.body.anntId);
        return ok(null);
      },
    });
  }
  r.put('/sys/sysAnnouncementSend/readAll', { config: { auth: true }, schema: { tags: TAGS, summary: '全部标注已读' } }, async (req) => {
    await markRead(callerOf(req));
    return ok(null, '全部已读');
  });
  r.post('/sys/annountCement/clearAllUnReadMessage', { config: { auth: true }, schema: { tags: TAGS, summary: '清除全部未读' } }, async (req) => {
    await markRead(callerOf(req));
    return ok(null, '清除未读消息成功');
  });

  // 我的消息: every delivery of the caller, unread first, searchable.
  const MINE_COLUMNS = [...FEED_COLUMNS.filter((c) => c !== 'a.id'), 's.id', 's.anntId', 's.userId', 's.readTime'] as const;
  r.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { config: { auth: true }, schema: { tags: TAGS, summary: '我的消息', querystring: myListQuery } },
    async (req) => {
      const q = req.query;
      let qb = myDeliveries(db, callerOf(req)).select(MINE_COLUMNS);
      if (q.titile) qb = qb.where('a.titile', 'like', like(q.titile));
      if (q.sender) qb = qb.where('a.sender', 'like', like(q.sender));
      if (q.msgCategory) qb = qb.where('a.msgCategory', '=', q.msgCategory);
      if (q.readFlag) qb = qb.where('s.readFlag', '=', Number(q.readFlag));
      if (q.sendTimeBegin) qb = qb.where('a.sendTime', '>=', q.sendTimeBegin.length === 10 ? `${q.sendTimeBegin} 00:00:00` : q.sendTimeBegin);
      if (q.sendTimeEnd) qb = qb.where('a.sendTime', '<=', q.sendTimeEnd.length === 10 ? `${q.sendTimeEnd} 23:59:59` : q.sendTimeEnd);
      // pinned first, then unread, newest first (as the original orders 我的消息)
      return ok(await fetchPage(qb.orderBy('a.izTop', 'desc').orderBy('s.readFlag').orderBy('a.sendTime', 'desc').orderBy('s.id'), q.pageNo, q.pageSize));
    },
  );
  // 置顶 on 通知公告 (the original leaves the code commented out; here it is an edit of the announcement).
  const topBody = z.object({ id: z.string({ error: '缺少id' }).min(1, '缺少id').max(64), izTop: z.coerce.number().int().min(0).max(1).default(0) });
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/sys/annountCement/editIzTop',
      config: { permission: perm('edit') },
      schema: { tags: TAGS, summary: '置顶或取消置顶', body: topBody },
      handler: async (req) => {
        const annt = await managed(callerOf(req), req.body.id);
        await db.updateTable('sysAnnouncement').set({ izTop: req.body.izTop, updateBy: callerOf(req).username, updateTime: now() }).where('id', '=', annt.id).execute();
        return ok(null, '修改成功!');
      },
    });
  }

  // A recipient opened it: counted once per call, only for an announcement sent to the caller.
  r.get('/sys/annountCement/addVisitsNumber', { config: { auth: true }, schema: { tags: TAGS, summary: '阅读次数加一', querystring: idQuery } }, async (req) => {
    const mine = await myDeliveries(db, callerOf(req)).select('a.id').where('a.id', '=', req.query.id).executeTakeFirst();
    if (!mine) throw new ResourceError('未找到对应实体', 404);
    await db.updateTable('sysAnnouncement').set((eb) => ({ visitsNum: eb('visitsNum', '+', 1) })).where('id', '=', mine.id).execute();
    return ok(null, '公告消息访问次数+1次');
  });

  // 我的消息 calls this after reading one: the caller's other tabs reload their bell. The original
  // broadcasts to everyone; here a user can only nudge their own browsers.
  r.get(
    '/sys/annountCement/syncNotic',
    { config: { auth: true }, schema: { tags: TAGS, summary: '同步我的消息到我的其他页面', querystring: z.object({ anntId: z.string().max(64).optional() }) } },
    async (req) => {
      const caller = callerOf(req);
      const push: NoticePush = { userIds: [caller.id], message: { cmd: 'user', msgId: req.query.anntId ?? '', msgTxt: '', noticeType: 'sync' } };
      await bus.publish(NOTICE_CHANNEL, JSON.stringify(push)).catch((err) => req.log.warn({ err }, 'notice sync not published'));
      return ok(null);
    },
  );

  // 我的消息: a user removes notices from their own list (their deliveries only; the announcement stays).
  const removeMine = async (caller: Caller, ids: string[]) => {
    if (!ids.length) throw new ResourceError('请选择一条记录！');
    await db.deleteFrom('sysAnnouncementSend').where('userId', '=', caller.id).where('tenantId', '=', caller.tenantId).where('id', 'in', ids).execute();
  };
  r.delete('/sys/sysAnnouncementSend/delete', { config: { auth: true }, schema: { tags: TAGS, summary: '删除我的一条消息', querystring: idQuery } }, async (req) => {
    await removeMine(callerOf(req), [req.query.id]);
    return ok(null, '删除成功!');
  });
  r.delete(
    '/sys/sysAnnouncementSend/deleteBatch',
    { config: { auth: true }, schema: { tags: TAGS, summary: '删除我的多条消息', querystring: z.object({ ids: z.string({ error: '请选择一条记录！' }).max(20_000) }) } },
    async (req) => {
      await removeMine(
        callerOf(req),
        req.query.ids.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 1000),
      );
      return ok(null, '批量删除成功!');
    },
  );

  r.get(
    '/sys/sysAnnouncementSend/getOne',
    { config: { auth: true }, schema: { tags: TAGS, summary: '我的一条消息', querystring: z.object({ sendId: z.string().min(1).max(64) }) } },
    async (req) => {
      const row = await myDeliveries(db, callerOf(req)).select(MINE_COLUMNS).where('s.id', '=', req.query.sendId).executeTakeFirst();
      if (!row) throw new ResourceError('未找到对应实体', 404);
      return ok(row);
    },
  );
}
