import type { DictSeed } from './dicts';

// Dictionaries of message templates and messages (issue 13), with the original's codes and values.
export const MESSAGE_DICT_SEEDS: DictSeed[] = [
  { code: 'msgType', name: '模板类型', items: [['1', '短信'], ['2', '邮件'], ['3', 'Webhook（企业微信机器人）'], ['4', '系统消息']] },
  { code: 'messageType', name: '发送方式', items: [['system', '系统消息'], ['email', '邮件消息'], ['sms', '短信消息'], ['webhook', 'Webhook']] },
  { code: 'msgSendStatus', name: '发送状态', items: [['0', '未发送', 'orange'], ['1', '发送成功', 'green'], ['2', '发送失败', 'red']] },
];
