import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Message templates and messages (migration 0019).
export interface SysSmsTemplateTable {
  id: string;
  /** Unique per tenant; what a sender names. */
  templateCode: string;
  templateName: string;
  /** Text with ${placeholder}s. */
  templateContent: string;
  /** Sample JSON for 发送测试. */
  templateTestJson: string | null;
  /** '1' SMS, '2' e-mail, '3' webhook (WeChat-style), '4' system message (the original's SendMsgTypeEnum). */
  templateType: Defaulted<string>;
  templateCategory: string | null;
  /** '1' in use (no editing or deleting), '0' not. */
  useStatus: Defaulted<string>;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface SysSmsTable {
  id: string;
  esTitle: string | null;
  esContent: string | null;
  /** The JSON the content was rendered from. */
  esParam: string | null;
  /** Username, e-mail address, phone number or webhook URL, by type. */
  esReceiver: string;
  /** The last error. */
  esResult: string | null;
  /** Tries so far. */
  esSendNum: Defaulted<number>;
  /** '0' waiting, '1' sent, '2' failed for good. */
  esSendStatus: Defaulted<string>;
  /** When it was delivered (or last tried). */
  esSendTime: string | null;
  /** system, email, sms or webhook. */
  esType: string;
  templateCode: string | null;
  /** When a waiting message is (re)tried. */
  nextTryTime: string | null;
  remark: string | null;
  tenantId: Defaulted<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

export interface MessageTables {
  sysSmsTemplate: SysSmsTemplateTable;
  sysSms: SysSmsTable;
}
