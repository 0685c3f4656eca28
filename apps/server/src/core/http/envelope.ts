import { CODE_ERROR, CODE_OK, type ApiResult } from '@anxue/shared';

/** A successful answer in the original's envelope. */
export function ok<T>(result: T, message = ''): ApiResult<T> {
  return { success: true, message, code: CODE_OK, result, timestamp: Date.now() };
}

/** A failed answer in the original's envelope. */
export function fail(message: string, code: number = CODE_ERROR): ApiResult<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}
