// 文件管理 on the original's OSS file calls: GET /sys/oss/file/list (filters fileName, url),
// POST /sys/oss/file/upload (multipart `file`; /sys/upload/uploadMinio, the original's second button,
// stores the same way: both go to the configured driver), DELETE /sys/oss/file/delete?id= (the stored
// file and its row), GET /sys/oss/file/queryById. Files are read back through /sys/common/static/<url>.
// Rows are the caller's tenant's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError, type ResourceDef } from '../../core/crud';
import { formatDateTime, newId } from '../../core/db';
import { ok } from '../../core/http';
import { readCheckedUpload } from '../common/upload';

export const OSS_PERMISSION = 'system:ossFile';
const TAG = '文件管理';
/** Folder of the storage the files of this page go to. */
const OSS_BIZ = 'oss';

export const ossFileResource: ResourceDef = {
  label: '文件',
  table: 'ossFile',
  path: '/sys/oss/file',
  permission: OSS_PERMISSION,
  tenant: true,
  without: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel', 'exportXls'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'fileName', type: 'string', title: '文件名称', writable: false },
    { name: 'url', type: 'string', title: '文件地址', writable: false },
    { name: 'fileSize', type: 'int', title: '文件大小', writable: false },
    { name: 'fileType', type: 'string', title: '文件类型', writable: false },
    { name: 'storageDriver', type: 'string', title: '存储位置', writable: false },
    { name: 'createBy', type: 'string', title: '上传人', writable: false },
    { name: 'createTime', type: 'datetime', title: '上传时间', writable: false },
  ],
};

export async function ossFileRoutes(app: FastifyInstance) {
  const { db, storage, clock } = app.ctx;
  const svc = registerResource(app, ossFileResource, { db, storage });
  const api = app.withTypeProvider<ZodTypeProvider>();

  const upload = async (req: FastifyRequest) => {
    const caller = callerOf(req);
    const file = await readCheckedUpload(req, app.ctx.config.uploadMaxBytes);
    const url = await storage.save(OSS_BIZ, file.name, file.data);
    const row = {
      id: newId(),
      fileName: file.name.slice(0, 255),
      url,
      fileSize: file.data.length,
      fileType: file.mime,
      storageDriver: storage.driver,
      tenantId: caller.tenantId,
      createBy: caller.username,
      createTime: formatDateTime(clock.now()),
    };
    try {
      await db.insertInto('ossFile').values(row).execute();
    } catch (e) {
      await storage.delete(url); // no row, no file
      throw e;
    }
    req.log.info({ url, size: row.fileSize, user: caller.username }, 'oss file uploaded');
    const { tenantId: _tenant, ...answer } = row;
    return ok(answer, '上传成功！');
  };
  const uploadConfig = { config: { permission: `${OSS_PERMISSION}:upload` }, schema: { tags: [TAG], summary: '上传文件' } };
  api.post('/sys/oss/file/upload', uploadConfig, upload);
  api.post('/sys/upload/uploadMinio', uploadConfig, upload);

  api.delete(
    '/sys/oss/file/delete',
    {
      config: { permission: `${OSS_PERMISSION}:delete` },
      schema: { tags: [TAG], summary: '删除文件', querystring: z.object({ id: z.string({ error: '请选择文件' }).trim().min(1, '请选择文件').max(32) }) },
    },
    async (req) => {
      const caller = callerOf(req);
      const file = await (await svc.scoped(db, caller)).where('id', '=', req.query.id).executeTakeFirst();
      if (!file) throw new ResourceError('未找到对应实体');
      // The row goes only when the stored file went too (a failing driver rolls the delete back).
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('ossFile').where('id', '=', req.query.id).execute();
        await storage.delete(String(file.url));
      });
      return ok(null, '删除成功!');
    },
  );
}
