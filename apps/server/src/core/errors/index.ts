import { CODE_ERROR, CODE_NO_PERMISSION } from '@anxue/shared';

export const MESSAGES = {
  noPermission: '没有权限，请联系管理员分配权限！',
  tokenInvalid: 'Token失效，请重新登录!',
  notFound: '路径不存在，请检查路径是否正确',
  internal: '操作失败，服务器内部错误',
  bodyTooLarge: '请求内容过大',
  badJson: '请求内容不是有效的 JSON',
  badRequest: '请求参数不正确',
  unsupportedMediaType: '不支持的请求内容类型',
  methodNotAllowed: '不支持该请求方法',
} as const;

/** A refusal the user can act on: HTTP 400 and envelope code 500 unless told otherwise. */
export class BizError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(message: string, opts: { code?: number; status?: number } = {}) {
    super(message);
    this.name = 'BizError';
    this.status = opts.status ?? 400;
    this.code = opts.code ?? CODE_ERROR;
  }
}

/** Missing, invalid, expired or revoked token: HTTP 401, code 401. */
export class AuthError extends BizError {
  constructor(message: string = MESSAGES.tokenInvalid) {
    super(message, { status: 401, code: 401 });
    this.name = 'AuthError';
  }
}

/** The signed-in user lacks the permission the route declares: HTTP 403, code 510. */
export class PermissionError extends BizError {
  constructor() {
    super(MESSAGES.noPermission, { status: 403, code: CODE_NO_PERMISSION });
    this.name = 'PermissionError';
  }
}
