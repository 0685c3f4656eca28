import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { grantForm, makeForm } from '../cgform/records/testing';
import { mentionedUsernames } from './routes';

// Comments on an online form's records (/sys/comment/*, the original's 评论 beside a record): who may read,
// write, attach and delete, replies, files kept with the comment, and @mentions as system messages.

let t: TestApp;
let admin: string;
let formId = '';
let rowId = '';
let otherRowId = '';
const PASSWORD = 'Comment#2026-x';

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, url, payload);
const q = (p: Record<string, string>) => new URLSearchParams(p).toString();

function multipart(fields: Record<string, string>, filename: string, data: Buffer) {
  const boundary = '----cmt' + Math.random().toString(16).slice(2);
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const attach = (commentId: string, filename: string, data: Buffer, token = admin) => {
  const m = multipart({ commentId, tableName: 'crm_ticket', tableDataId: rowId, biz: 'comment' }, filename, data);
  return t.app.inject({ method: 'POST', url: '/api/sys/comment/addFile', payload: m.payload, headers: { ...auth(token), ...m.headers } });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  formId = await makeForm(t.app, admin, { tableName: 'crm_ticket', title: '工单', fields: [{ name: 'subject', title: '主题', length: 60, required: true }] });
  rowId = (await call('POST', `/online/cgform/api/form/${formId}`, { subject: '空调漏水' })).body.result;
  otherRowId = (await call('POST', `/online/cgform/api/form/${formId}`, { subject: '门禁失灵' })).body.result;
});
afterAll(async () => t?.close());

describe('comments on a record', () => {
  it('reads @names as the original does', () => {
    expect(mentionedUsernames('请 @li.si 和 @wang_wu 看一下，@li.si')).toEqual(['li.si', 'wang_wu']);
  });

  it('adds a comment and a reply, lists them oldest first with names, and keeps them to their record', async () => {
    const first = await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '已派维修' });
    expect(first.body).toMatchObject({ success: true, message: '评论成功' });
    t.clock.advance(1000);
    const reply = await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '收到', commentId: first.body.result });
    expect(reply.body.success).toBe(true);

    const list = await call('GET', `/sys/comment/listByForm?${q({ tableName: 'crm_ticket', tableDataId: rowId })}`);
    expect(list.body.result.records.map((r: { commentContent: string }) => r.commentContent)).toEqual(['已派维修', '收到']);
    const [, answer] = list.body.result.records;
    expect(answer).toMatchObject({ commentId: first.body.result, toUserId: answer.fromUserId, fromUserId_dictText: expect.any(String), fileList: [] });
    expect((await call('GET', `/sys/comment/listByForm?${q({ tableName: 'crm_ticket', tableDataId: otherRowId })}`)).body.result.records).toEqual([]);

    // a reply names a comment of the same record only
    const stray = await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: otherRowId, commentContent: '串了', commentId: first.body.result });
    expect(stray.body).toMatchObject({ success: false, code: 500, message: '回复的评论不存在或已被删除' });
    expect((await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '  ' })).body.message).toBe('参数 commentContent：请输入评论内容');
    expect((await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: 'nope', commentContent: '不存在' })).body.message).toBe('未找到对应数据');
  });

  it('attaches checked files to the author\'s own comment and removes them with it', async () => {
    const id = (await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '现场照片见附件' })).body.result;
    const up = await attach(id, '现场说明.txt', Buffer.from('二楼东侧'));
    expect(up.json()).toMatchObject({ success: true, result: 'success' });
    const refused = await attach(id, 'run.exe', Buffer.from('MZ\x90\x00'));
    expect(refused.json().success).toBe(false);

    const files = (await call('GET', `/sys/comment/fileList?${q({ tableName: 'crm_ticket', tableDataId: rowId })}`)).body.result.records;
    expect(files).toEqual([expect.objectContaining({ name: '现场说明.txt', fileSize: 12, storeType: 'local' })]);
    const stored = join(t.config.dataDir, 'upload', files[0].url);
    expect(existsSync(stored)).toBe(true);
    const listed = (await call('GET', `/sys/comment/listByForm?${q({ tableName: 'crm_ticket', tableDataId: rowId })}`)).body.result.records;
    expect(listed.find((c: { id: string }) => c.id === id).fileList).toHaveLength(1);

    expect((await call('DELETE', `/sys/comment/deleteOne?id=${id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(existsSync(stored)).toBe(false);
    expect((await call('GET', `/sys/comment/fileList?${q({ tableName: 'crm_ticket', tableDataId: rowId })}`)).body.result.records).toEqual([]);
    expect((await call('DELETE', `/sys/comment/deleteOne?id=${id}`)).body.message).toBe('该评论已被删除！');
  });

  it('lets readers of the form comment, only authors or deleters remove, and nobody else read', async () => {
    const readerId = await createUser(t.db, { username: 'cmt_reader', password: PASSWORD });
    await grantForm(t.db, readerId, 'crm_ticket', ['list']);
    const reader = await login(t.app, 'cmt_reader', PASSWORD);
    await createUser(t.db, { username: 'cmt_stranger', password: PASSWORD });
    const stranger = await login(t.app, 'cmt_stranger', PASSWORD);

    const adminComment = (await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '管理员意见' })).body.result;
    const own = await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '读者意见' }, reader);
    expect(own.body.success).toBe(true);
    expect((await call('DELETE', `/sys/comment/deleteOne?id=${adminComment}`, undefined, reader)).body).toMatchObject({ success: false, message: '只能删除自己的评论！' });
    expect((await attach(adminComment, 'a.txt', Buffer.from('x'), reader)).json().message).toBe('只能给自己的评论添加文件！');
    // the form's delete right moderates
    expect((await call('DELETE', `/sys/comment/deleteOne?id=${own.body.result}`)).body.success).toBe(true);

    for (const res of [
      await call('GET', `/sys/comment/listByForm?${q({ tableName: 'crm_ticket', tableDataId: rowId })}`, undefined, stranger),
      await call('GET', `/sys/comment/queryById?id=${adminComment}`, undefined, stranger),
      await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '路过' }, stranger),
    ]) expect(res.status).toBe(403);
    expect((await call('GET', `/sys/comment/queryById?id=${adminComment}`, undefined, reader)).body.result).toMatchObject({ commentContent: '管理员意见', tableName: 'crm_ticket' });
  });

  it('tells mentioned users who may open the form, and nobody else', async () => {
    const watcherId = await createUser(t.db, { username: 'cmt_watcher', password: PASSWORD });
    await grantForm(t.db, watcherId, 'crm_ticket', ['list']);
    await createUser(t.db, { username: 'cmt_outsider', password: PASSWORD });
    const res = await call('POST', '/sys/comment/addText', { tableName: 'crm_ticket', tableDataId: rowId, commentContent: '@cmt_watcher @cmt_outsider 请跟进' });
    expect(res.body.success).toBe(true);
    const messages = await t.db.selectFrom('sysSms').select(['esReceiver', 'esTitle', 'esType']).where('remark', '=', '表单评论').execute();
    expect(messages).toEqual([{ esReceiver: 'cmt_watcher', esTitle: '有人在表单评论中提到了你', esType: 'system' }]);
    const watcher = await login(t.app, 'cmt_watcher', PASSWORD);
    const unread = await call('GET', '/sys/annountCement/listByUser', undefined, watcher);
    expect(JSON.stringify(unread.body.result)).toContain('有人在表单评论中提到了你');
  });
});
