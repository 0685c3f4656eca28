import type { ColumnType } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** SMS verification codes and password-reset keys (migration 0025, modules/system/sms). */
export interface SysSmsCodeTable {
  id: string;
  mobile: string;
  /** login | register | forgot | changePhone | changePwd | reset */
  purpose: string;
  /** HMAC-SHA256 of the code (or reset key) under the install secret; never the code itself. */
  codeHash: string;
  clientIp: string;
  /** The account a code was sent for, when the purpose names one. */
  username: string | null;
  /** Wrong answers so far; the code is spent after five. */
  failCount: Defaulted<number>;
  expireTime: string;
  usedTime: string | null;
  createTime: string;
}

export interface SmsTables {
  sysSmsCode: SysSmsCodeTable;
}

/** QR-code sign-in codes (migration 0027, modules/system/login/qrcode.ts). */
export interface SysLoginQrcodeTable {
  /** SHA-256 of the code's id (what the QR code shows). */
  id: string;
  /** SHA-256 of the cookie given to the browser that asked for the code: only it may collect the session. */
  browserHash: string;
  /** The signed-in user who confirmed the code; null until then. */
  userId: string | null;
  clientIp: string;
  expireTime: string;
  createTime: string;
}

export interface LoginQrcodeTables {
  sysLoginQrcode: SysLoginQrcodeTable;
}
