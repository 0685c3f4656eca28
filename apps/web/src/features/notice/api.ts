// The original's announcement calls (issue 13), named once for the pages of this folder.
import { resourceApi } from '../../components/list-page';

export const NOTICE_PERMISSION = 'system:sysAnnouncement';
export const NOTICE_API = { ...resourceApi('/sys/annountCement', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']), queryById: '/sys/annountCement/queryById' };
export const PIN_URL = '/sys/annountCement/editIzTop';
export const VISIT_URL = '/sys/annountCement/addVisitsNumber';
export const SYNC_URL = '/sys/annountCement/syncNotic';
export const MY_DELETE_URL = '/sys/sysAnnouncementSend/delete';
export const RELEASE_URL = '/sys/annountCement/doReleaseData';
export const REVOKE_URL = '/sys/annountCement/doReovkeData';
export const MY_MESSAGES_URL = '/sys/sysAnnouncementSend/getMyAnnouncementSend';
export const MARK_READ_URL = '/sys/sysAnnouncementSend/editByAnntIdAndUserId';
export const READ_ALL_URL = '/sys/sysAnnouncementSend/readAll';

export const MSG_TYPE_OPTIONS = [
  { label: '全体用户', value: 'ALL' },
  { label: '指定用户', value: 'USER' },
  { label: '指定部门', value: 'DEPART' },
];
export const MSG_CATEGORY_OPTIONS = [
  { label: '通知公告', value: '1' },
  { label: '系统消息', value: '2' },
];
export const OPEN_TYPE_OPTIONS = [
  { label: '查看详情', value: '' },
  { label: '打开页面（component）', value: 'component' },
  { label: '跳转链接（url）', value: 'url' },
];
export const PRIORITY_COLOR: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };
