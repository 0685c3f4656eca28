import { resourcePage, type MenuSeed } from './menu-kit';

// 通知公告 under 系统管理 (issue 13), with the original's permission codes (system:sysAnnouncement:*,
// release doReleaseData and revoke doReovkeData, sic). Reading one's own notices needs no code.
export const NOTICE_MENUS: MenuSeed[] = [
  ...resourcePage('system.notice', {
    name: '通知公告',
    url: '/system/notice',
    component: 'system/notice/index',
    sortNo: 14,
    prefix: 'system:sysAnnouncement',
    extra: [
      ['doReleaseData', '发布'],
      ['doReovkeData', '撤销'],
    ],
  }),
  // 我的消息, where the bell's 查看更多 leads; hidden from the side menu (the original client's page path).
  { key: 'isps.userAnnouncement', parent: 'system', name: '我的消息', url: '/isps/userAnnouncement', component: 'monitor/mynews/index', menuType: 1, sortNo: 99, hidden: true },
];
