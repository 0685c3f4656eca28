import { resourcePage, type MenuSeed } from './menu-kit';

// 消息中心: message templates with 发送测试, and the messages sent (the original client's
// views/system/message/template and manage). Imported messages are queued as added ones are.
export const MESSAGE_MENUS: MenuSeed[] = [
  { key: 'message', name: '消息中心', url: '/message', component: 'layouts/RouteView', redirect: '/message/template', menuType: 0, sortNo: 10, icon: 'ant-design:message-outlined' },
  ...resourcePage('message.template', {
    parent: 'message',
    name: '消息模板',
    url: '/message/template',
    component: 'system/message/template/index',
    sortNo: 1,
    prefix: 'system:messageTemplate',
    extra: [['sendMsg', '发送测试']],
  }),
  ...resourcePage('message.manage', {
    parent: 'message',
    name: '消息管理',
    url: '/message/manage',
    component: 'system/message/manage/index',
    sortNo: 2,
    prefix: 'system:message',
  }),
];
