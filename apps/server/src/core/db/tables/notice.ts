import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Announcements (migration 0018).
export interface SysAnnouncementTable {
  id: string;
  /** The title; the original's column name, sic. */
  titile: string;
  /** Rich text, sanitised on save. */
  msgContent: string | null;
  msgAbstract: string | null;
  startTime: string | null;
  endTime: string | null;
  /** Username of who released it. */
  sender: string | null;
  /** L general, M important, H urgent. */
  priority: Defaulted<string>;
  /** '1' notice (通知公告), '2' system message (系统消息). */
  msgCategory: Defaulted<string>;
  /** ALL, USER (userIds) or DEPART (departIds). */
  msgType: Defaulted<string>;
  /** Comma-joined user ids when msgType is USER. */
  userIds: string | null;
  /** Comma-joined department ids when msgType is DEPART. */
  departIds: string | null;
  /** '0' draft, '1' released, '2' revoked. */
  sendStatus: Defaulted<string>;
  sendTime: string | null;
  cancelTime: string | null;
  /** component: open the page named by openPage; url: navigate to openPage; else the detail. */
  openType: string | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
  izTop: Defaulted<number>;
  visitsNum: Defaulted<number>;
  delFlag: Defaulted<number>;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** One targeted user of a released announcement and whether they read it. */
export interface SysAnnouncementSendTable {
  id: string;
  anntId: string;
  userId: string;
  readFlag: Defaulted<number>;
  readTime: string | null;
  tenantId: Defaulted<number>;
  createTime: string | null;
}

export interface NoticeTables {
  sysAnnouncement: SysAnnouncementTable;
  sysAnnouncementSend: SysAnnouncementSendTable;
}
