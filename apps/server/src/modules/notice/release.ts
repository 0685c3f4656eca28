// Releasing an announcement: the per-user deliveries (in the caller's transaction) and the push to the
// targeted browsers through the bus. Shared by 发布 on 通知公告 and by system messages (modules/message),
// which release a one-user announcement.
import type { MessageBus } from '../../core/bus';
import { newId, type Db } from '../../core/db';
import { SEND_STATUS } from './resource';
import { NOTICE_CHANNEL, type NoticePush } from './socket';
import { targetUserIds } from './targets';

export interface Releasable {
  id: string;
  titile: string;
  msgType: string;
  userIds: string | null;
  departIds: string | null;
  tenantId: number;
}

/** Marks it released and gives every target without one an unread delivery; answers the targets. Run in a transaction. */
export async function deliverAnnouncement(trx: Db, annt: Releasable, sender: string, at: string): Promise<string[]> {
  await trx
    .updateTable('sysAnnouncement')
    .set({ sendStatus: SEND_STATUS.released, sendTime: at, sender, cancelTime: null })
    .where('id', '=', annt.id)
    .execute();
  const targets = await targetUserIds(trx, annt);
  // A release after a revoke keeps each user's read state; new targets get an unread delivery.
  const have = new Set((await trx.selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', annt.id).execute()).map((s) => s.userId));
  const fresh = targets.filter((u) => !have.has(u));
  for (let i = 0; i < fresh.length; i += 500) {
    const rows = fresh.slice(i, i + 500).map((userId) => ({ id: newId(), anntId: annt.id, userId, readFlag: 0, tenantId: annt.tenantId, createTime: at }));
    await trx.insertInto('sysAnnouncementSend').values(rows).execute();
  }
  return targets;
}

/** Tells the sockets of every node (after the transaction committed). */
export async function pushAnnouncement(bus: MessageBus, annt: Releasable, userIds: string[]): Promise<void> {
  const push: NoticePush = {
    userIds,
    message: { cmd: annt.msgType === 'ALL' ? 'topic' : 'user', msgId: annt.id, msgTxt: annt.titile, noticeType: 'system' },
  };
  await bus.publish(NOTICE_CHANNEL, JSON.stringify(push));
}
