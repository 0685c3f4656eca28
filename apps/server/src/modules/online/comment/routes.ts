// Comments on an online form's records (评论, the original's /sys/comment/*, shown beside a record's
// detail): text with @mentions, replies, attached files. A comment belongs to its record: reading, adding
// and attaching need the form's list right and a record the caller can see (tenant and data rules);
// deleting is for its author or a holder of the form's delete right (the original: its author or "admin").
// A mention notifies the named users who may open the form, as a 系统消息.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadPermissionCodes } from '../../../core/access';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { readCheckedUpload } from '../../common/upload';
import { messageDispatcher, SEND_STATUS } from '../../message';
import { dataCaller } from '../cgform/data-routes';
import { formPermission } from '../cgform/form-permission';
import { holdsForm, openForm } from '../cgform/records/access';
import type { FormModel } from '../cgform/records/model';
import { readRow } from '../cgform/records/rows';

const TAG = ['表单评论'];
/** Storage folder of comment files. */
const COMMENT_BIZ = 'comment';
const MAX_COMMENTS = 500;
const MAX_MENTIONS = 20;

const recordRef = {
  tableName: z.string({ error: '缺少表名' }).trim().min(1, '缺少表名').max(64, '表名不正确'),
  tableDataId: z.string({ error: '缺少数据ID' }).trim().min(1, '缺少数据ID').max(64, '数据ID不正确'),
};
const recordQuery = z.object(recordRef);
const idQuery = z.object({ id: z.string({ error: '缺少评论ID' }).trim().min(1, '缺少评论ID').max(32, '评论ID不正确') });
const textBody = z.object({
  ...recordRef,
  commentContent: z.string({ error: '请输入评论内容' }).trim().min(1, '请输入评论内容').max(2000, '评论内容最多2000个字'),
  toUserId: z.string().max(32).optional().nullable(),
  commentId: z.string().max(32).optional().nullable(),
  // sent by the original client, not stored
  tableId: z.string().max(64).optional().nullable(),
  fromUserId: z.string().max(32).optional().nullable(),
});

/** `@name` tokens of a comment (letters, digits, _ . - @ of a username), as the original reads them. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/@([A-Za-z0-9_.\-]{1,100})/g)) names.add(m[1]!);
  return [...names].slice(0, MAX_MENTIONS);
}

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage, config } = app.ctx;
  const access = { config: { auth: true as const } };
  const sendNow = async (id: string) => messageDispatcher(app.ctx).attempt(id);

  /** The form and record a comment call names, once the caller may see that record. */
  async function openRecord(req: FastifyRequest, tableName: string, dataId: string): Promise<FormModel> {
    const form = await openForm(db, req, tableName, 'list');
    await readRow(db, form, dataCaller(req), dataId);
    return form;
  }

  /** A comment and its form, once the caller may see the record it belongs to. */
  async function openComment(req: FastifyRequest, id: string) {
    const comment = await db.selectFrom('sysComment').selectAll().where('id', '=', id).executeTakeFirst();
    if (!comment) throw new BizError('该评论已被删除！');
    const form = await openRecord(req, comment.tableName, comment.tableDataId);
    return { comment, form };
  }

  async function filesOf(commentIds: string[]) {
    if (!commentIds.length) return [];
    return db
      .selectFrom('sysCommentFile')
      .select(['id', 'commentId', 'fileName', 'fileSize', 'url', 'fileType', 'storageDriver'])
      .where('commentId', 'in', commentIds)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  }
  const fileVo = (f: Awaited<ReturnType<typeof filesOf>>[number]) => ({
    fileId: f.id,
    sysFormFileId: f.id,
    name: f.fileName,
    fileSize: f.fileSize,
    url: f.url,
    type: f.fileType,
    storeType: f.storageDriver,
  });

  async function commentsOf(tableName: string, dataId: string) {
    return db
      .selectFrom('sysComment')
      .selectAll()
      .where('tableName', '=', tableName)
      .where('tableDataId', '=', dataId)
      .orderBy('createTime')
      .orderBy('id')
      .limit(MAX_COMMENTS)
      .execute();
  }

  app.get('/sys/comment/listByForm', { ...access, schema: { tags: TAG, summary: '一条数据的评论（含文件）', querystring: recordQuery } }, async (req) => {
    const form = await openRecord(req, req.query.tableName, req.query.tableDataId);
    const comments = await commentsOf(form.tableName, req.query.tableDataId);
    const files = await filesOf(comments.map((c) => c.id));
    const userIds = [...new Set(comments.flatMap((c) => [c.fromUserId, c.toUserId]).filter((u): u is string => !!u))];
    const users = userIds.length ? await db.selectFrom('sysUser').select(['id', 'realname', 'username', 'avatar']).where('id', 'in', userIds).execute() : [];
    const byId = new Map(users.map((u) => [u.id, u]));
    const records = comments.map((c) => ({
      id: c.id,
      tableName: c.tableName,
      tableDataId: c.tableDataId,
      fromUserId: c.fromUserId,
      fromUserId_dictText: byId.get(c.fromUserId)?.realname || byId.get(c.fromUserId)?.username || c.createBy,
      fromUserAvatar: byId.get(c.fromUserId)?.avatar ?? null,
      toUserId: c.toUserId,
      toUserId_dictText: c.toUserId ? byId.get(c.toUserId)?.realname || byId.get(c.toUserId)?.username || null : null,
      toUserAvatar: c.toUserId ? byId.get(c.toUserId)?.avatar ?? null : null,
      commentId: c.commentId,
      commentContent: c.commentContent,
      createBy: c.createBy,
      createTime: c.createTime,
      fileList: files.filter((f) => f.commentId === c.id).map(fileVo),
    }));
    return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
  });

  app.get('/sys/comment/fileList', { ...access, schema: { tags: TAG, summary: '一条数据的评论文件', querystring: recordQuery } }, async (req) => {
    const form = await openRecord(req, req.query.tableName, req.query.tableDataId);
    const comments = await commentsOf(form.tableName, req.query.tableDataId);
    const records = (await filesOf(comments.map((c) => c.id))).map(fileVo);
    return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
  });

  app.get('/sys/comment/queryById', { ...access, schema: { tags: TAG, summary: '一条评论', querystring: idQuery } }, async (req) => {
    const { comment } = await openComment(req, req.query.id);
    const { tenantId: _tenant, ...answer } = comment;
    return ok(answer);
  });

  app.post('/sys/comment/addText', { ...access, schema: { tags: TAG, summary: '发表评论', body: textBody } }, async (req) => {
    const body = req.body;
    const form = await openRecord(req, body.tableName, body.tableDataId);
    const user = req.user!;
    let toUserId: string | null = null;
    const replyTo = body.commentId?.trim() || null;
    if (replyTo) {
      const parent = await db.selectFrom('sysComment').select(['fromUserId', 'tableName', 'tableDataId']).where('id', '=', replyTo).executeTakeFirst();
      if (!parent || parent.tableName !== form.tableName || parent.tableDataId !== body.tableDataId) throw new BizError('回复的评论不存在或已被删除');
      toUserId = parent.fromUserId;
    } else if (body.toUserId?.trim()) {
      const to = await db.selectFrom('sysUser').select('id').where('id', '=', body.toUserId.trim()).where('delFlag', '=', 0).executeTakeFirst();
      if (!to) throw new BizError('回复的用户不存在');
      toUserId = to.id;
    }
    // time-ordered, so comments of the same second list in the order they were written
    const id = clock.now().getTime().toString(16).padStart(12, '0') + newId().slice(12);
    const at = formatDateTime(clock.now());
    await db
      .insertInto('sysComment')
      .values({
        id,
        tableName: form.tableName,
        tableDataId: body.tableDataId,
        fromUserId: user.id,
        toUserId,
        commentId: replyTo,
        commentContent: body.commentContent,
        tenantId: user.tenantId,
        createBy: user.username,
        createTime: at,
      })
      .execute();
    await notifyMentions(db, form, body.commentContent, user, at, sendNow).catch((err) => req.log.warn({ err }, 'comment mentions not sent'));
    return ok(id, '评论成功');
  });

  app.post('/sys/comment/addFile', { ...access, schema: { tags: TAG, summary: '评论附件（上传文件）' } }, async (req) => {
    const file = await readCheckedUpload(req, config.uploadMaxBytes);
    const commentId = file.fields.commentId?.trim();
    if (!commentId) throw new BizError('请先发表评论再上传文件');
    const { comment } = await openComment(req, commentId);
    if (comment.fromUserId !== req.user!.id) throw new BizError('只能给自己的评论添加文件！');
    const url = await storage.save(COMMENT_BIZ, file.name, file.data);
    try {
      await db
        .insertInto('sysCommentFile')
        .values({
          id: newId(),
          commentId,
          fileName: file.name.slice(0, 255),
          url,
          fileSize: file.data.length,
          fileType: file.mime,
          storageDriver: storage.driver,
          tenantId: comment.tenantId,
          createBy: req.user!.username,
          createTime: formatDateTime(clock.now()),
        })
        .execute();
    } catch (e) {
      await storage.delete(url); // no row, no file
      throw e;
    }
    return ok('success', '上传成功');
  });

  app.delete('/sys/comment/deleteOne', { ...access, schema: { tags: TAG, summary: '删除评论', querystring: idQuery } }, async (req) => {
    const { comment, form } = await openComment(req, req.query.id);
    if (comment.fromUserId !== req.user!.id && !(await holdsForm(db, req, form, 'delete'))) throw new BizError('只能删除自己的评论！');
    const files = await filesOf([comment.id]);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sysCommentFile').where('commentId', '=', comment.id).execute();
      await trx.deleteFrom('sysComment').where('id', '=', comment.id).execute();
    });
    for (const f of files) await storage.delete(f.url).catch((err) => req.log.warn({ err, url: f.url }, 'comment file not removed'));
    return ok(null, '删除成功!');
  });

  // The original answers the address of its kkFileView server; FILE_VIEW_DOMAIN names one (unset: none,
  // and files are downloaded instead).
  app.get('/sys/comment/getFileViewDomain', { ...access, schema: { tags: TAG, summary: '文件预览服务地址' } }, async () => ok(config.fileViewDomain ?? ''));
};

/** Sends 有人在表单评论中提到了你 to the mentioned active users of the tenant who hold the form's list right. */
async function notifyMentions(
  db: Db,
  form: FormModel,
  content: string,
  author: NonNullable<FastifyRequest['user']>,
  at: string,
  sendNow: (id: string) => Promise<unknown>,
): Promise<void> {
  const names = mentionedUsernames(content).filter((n) => n !== author.username);
  if (!names.length) return;
  const users = await db.selectFrom('sysUser').select(['id', 'username']).where('username', 'in', names).where('status', '=', 1).where('delFlag', '=', 0).execute();
  const rows = [];
  for (const u of users) {
    if (!(await loadPermissionCodes(db, u.id)).has(formPermission(form.tableName, 'list'))) continue;
    rows.push({
      id: newId(),
      esTitle: '有人在表单评论中提到了你',
      esContent: `${author.realname || author.username}在“${form.title || form.tableName}”的评论中提到了你：${content}`,
      esParam: JSON.stringify({ busType: 'comment', tableName: form.tableName }),
      esReceiver: u.username,
      esType: 'system',
      templateCode: null,
      esSendStatus: SEND_STATUS.waiting,
      esSendNum: 0,
      nextTryTime: at,
      remark: '表单评论',
      tenantId: author.tenantId,
      createBy: author.username,
      createTime: at,
    });
  }
  if (!rows.length) return;
  await db.insertInto('sysSms').values(rows).execute();
  // sent at once; left queued, the dispatcher's next round sends them
  for (const r of rows) await sendNow(r.id).catch(() => undefined);
}

