import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';

/** Writes a login-type entry (log_type 1) to sys_log: sign-ins and sign-outs. */
export async function writeLoginLog(
  db: Db,
  request: FastifyRequest,
  entry: { userId: string; username: string; content: string; now: Date },
): Promise<void> {
  await db
    .insertInto('sysLog')
    .values({
      id: newId(),
      logType: 1,
      logContent: entry.content,
      userid: entry.userId,
      username: entry.username,
      ip: request.ip,
      requestUrl: request.url.split('?')[0].slice(0, 255),
      requestType: request.method,
      tenantId: request.tenantId,
      clientType: 'pc',
      createBy: entry.username,
      createTime: formatDateTime(entry.now),
    })
    .execute();
}
