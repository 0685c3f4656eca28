import type { FastifySchemaValidationError } from 'fastify/types/schema';

const PLACES: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** One Chinese sentence naming the first wrong field, e.g. `参数 username：请输入用户名`. */
export function validationMessage(errors: FastifySchemaValidationError[], context?: string): string {
  const first = errors[0];
  if (!first) return '请求参数不正确';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ?? '格式不正确';
  return field ? `参数 ${field}：${message}` : `${PLACES[context ?? ''] ?? '请求参数'}：${message}`;
}
