// The original's message calls (issue 13), named once for the pages of this folder.
import { resourceApi } from '../../components/list-page';

export const TEMPLATE_PERMISSION = 'system:messageTemplate';
export const MESSAGE_PERMISSION = 'system:message';
export const TEMPLATE_API = resourceApi('/sys/message/sysMessageTemplate', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel']);
export const MESSAGE_API = resourceApi('/sys/message/sysMessage', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']);
export const SEND_TEST_URL = '/sys/message/sysMessageTemplate/sendMsg';

/** Template types (dictionary msgType) and the channel each sends by (dictionary messageType). */
export const TEMPLATE_TYPE_CHANNEL: Record<string, string> = { '1': 'sms', '2': 'email', '3': 'webhook', '4': 'system' };
export const RECEIVER_HINT: Record<string, string> = {
  system: '用户账号（多个用逗号分隔）',
  email: '邮箱地址或用户账号',
  sms: '手机号或用户账号',
  webhook: 'Webhook 地址，可含 ${参数}',
};

export interface MessageTemplate {
  id: string;
  templateCode: string;
  templateName: string;
  templateContent: string;
  templateTestJson?: string | null;
  templateType: string;
  templateType_dictText?: string;
  useStatus?: string;
}

export interface MessageRow {
  id: string;
  esTitle?: string | null;
  esContent?: string | null;
  esParam?: string | null;
  esReceiver: string;
  esType: string;
  esType_dictText?: string;
  esSendStatus: string;
  esSendStatus_dictText?: string;
  esSendNum: number;
  esSendTime?: string | null;
  esResult?: string | null;
  nextTryTime?: string | null;
  templateCode?: string | null;
  remark?: string | null;
}

/** `${name}` placeholders of a template, for the test dialog's sample JSON. */
export function placeholdersOf(content: string): string[] {
  return [...new Set([...content.replace(/\$\$\{/g, '').matchAll(/\$\{\s*([^}\s]+)\s*\}/g)].map((m) => m[1]))];
}
