// The operation log (sys_log type 2): one row per write request, recorded by a request hook before the
// answer leaves — who, what (the route's tag and summary), method and path, parameters with secrets
// masked, duration and outcome (an HTTP error or the envelope's success:false is a failure).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime, newId } from '../../core/db';
import { maskSecrets } from './mask';

export const LOG_TYPE = { login: 1, operation: 2 } as const;
/** Original's operate_type dictionary: 2 添加, 3 更新, 4 删除, 5 导入, 6 导出. */
const OPERATE = { add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;
const MAX_PARAM = 10_000;
const MAX_PAYLOAD_READ = 256 * 1024;
/** Sign-in and sign-out write login logs of their own. */
const LOGIN_PATHS = /\/sys\/(login|userLogin|logout|loginGetUserDeparts)$/;
/** GET routes that change state or hand data out. */
const GET_ACTIONS = /\/(pause|resume|execute|exportXls)$/;

function operateTypeOf(method: string, path: string): number {
  if (/exportXls$/.test(path)) return OPERATE.export;
  if (/import\w*$/i.test(path)) return OPERATE.import;
  if (method === 'DELETE' || /\/delete\w*$/.test(path)) return OPERATE.delete;
  if (/\/add\w*$/.test(path)) return OPERATE.add;
  if (method === 'POST' && !/\/edit\w*$/.test(path)) return OPERATE.add;
  return OPERATE.edit;
}

function outcomeOf(reply: FastifyReply, payload: unknown): string {
  const failed = (message?: unknown) => `失败：${String(message ?? reply.statusCode).slice(0, 480)}`;
  if (typeof payload === 'string' && payload.length <= MAX_PAYLOAD_READ && payload.startsWith('{')) {
    try {
      const body = JSON.parse(payload) as { success?: unknown; message?: unknown };
      if (body.success === false) return failed(body.message);
    } catch {
      /* not an envelope */
    }
  }
  return reply.statusCode >= 400 ? failed() : '成功';
}

function paramsOf(request: FastifyRequest): string | null {
  const parts: Record<string, unknown> = {};
  if (request.query && Object.keys(request.query).length) parts.query = request.query;
  if (request.isMultipart()) parts.body = '[文件上传]';
  else if (request.body !== undefined && request.body !== null) parts.body = request.body;
  if (!Object.keys(parts).length) return null;
  const text = JSON.stringify(maskSecrets(parts));
  return text.length > MAX_PARAM ? `${text.slice(0, MAX_PARAM)}…` : text;
}

/** Records every signed-in write (and the GET actions above) in sys_log. Install on the root app. */
export function installOperationLog(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    const route = request.routeOptions.url;
    if (!user || !route || request.is404) return payload;
    const method = request.method;
    const path = request.url.split('?')[0];
    if (method === 'GET' ? !GET_ACTIONS.test(path) : !['POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) return payload;
    if (LOGIN_PATHS.test(path)) return payload;
    const schema = request.routeOptions.schema as { tags?: string[]; summary?: string } | undefined;
    const what = schema?.summary ? [schema.tags?.[0], schema.summary].filter(Boolean).join('-') : `${method} ${path}`;
    try {
      await app.ctx.db
        .insertInto('sysLog')
        .values({
          id: newId(),
          logType: LOG_TYPE.operation,
          logContent: what.slice(0, 1000),
          operateType: operateTypeOf(method, path),
          userid: user.id,
          username: user.username,
          ip: request.ip,
          method: `${method} ${route}`.slice(0, 1000),
          requestUrl: path.slice(0, 255),
          requestParam: paramsOf(request),
          requestType: method,
          costTime: Math.round(reply.elapsedTime),
          tenantId: user.tenantId,
          clientType: 'pc',
          userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
          outcome: outcomeOf(reply, payload),
          createBy: user.username,
          createTime: formatDateTime(app.ctx.clock.now()),
        })
        .execute();
    } catch (err) {
      request.log.error({ err }, 'writing the operation log failed');
    }
    return payload;
  });
}
