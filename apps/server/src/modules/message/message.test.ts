import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { messageDispatcher } from './index';

// Templates, messages and sending through the real server: e-mail to a real SMTP server started here,
// retries with back-off when it is gone, SMS, system messages as announcements, webhooks, rights, tenants.
let t: TestApp;
let admin: string;
let smtp: SMTPServer;
let smtpPort = 0;
const inbox: ParsedMail[] = [];
let hook: Server;
let hookUrl = '';
const hooked: unknown[] = [];
const pw = 'Message#2026x';

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => apiCall(t.app, token, method, url, payload);
const messagesTo = (receiver: string) => t.db.selectFrom('sysSms').selectAll().where('esReceiver', '=', receiver).orderBy('createTime').execute();
async function template(body: Record<string, unknown>) {
  const res = await call(admin, 'POST', '/sys/message/sysMessageTemplate/add', body);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then((mail) => (inbox.push(mail), done()), done);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hooked.push({ url: req.url, body: JSON.parse(body) });
      res.setHeader('content-type', 'application/json');
      res.end(req.url?.includes('bad') ? '{"errcode":93000,"errmsg":"invalid webhook url"}' : '{"errcode":0}');
    });
  });
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  // the test's webhook receiver listens on loopback, which a real install refuses (channels.test.ts)
  t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_FROM: '安学云 <noreply@anxue.test>', WEBHOOK_PRIVATE_HOSTS: 'on' });
  admin = await login(t.app);
});
afterAll(async () => {
  await t.close();
  smtp.close(() => undefined);
  hook.close();
});

describe('templates', () => {
  it('adds a template, refuses broken placeholders, duplicate codes and edits of one in use', async () => {
    await template({ templateCode: 'exam_notice', templateName: '${course}考试提醒', templateType: '2', templateContent: '<p>${name}同学：请于${date}前完成${course}考试。</p>' });
    const list = await call(admin, 'GET', '/sys/message/sysMessageTemplate/list?templateCode=exam_notice');
    expect(list.body.result.records[0]).toMatchObject({ templateName: '${course}考试提醒', templateType_dictText: '邮件', useStatus: '0' });
    const bad = async (body: Record<string, unknown>) => (await call(admin, 'POST', '/sys/message/sysMessageTemplate/add', { templateCode: `x${Math.random()}`.replace('.', ''), templateName: '坏模板', templateType: '1', ...body })).body;
    expect(await bad({ templateContent: '你好${name' })).toMatchObject({ success: false, message: '模板内容：模板内容第3个字符处的“${”没有对应的“}”' });
    expect(await bad({ templateContent: '你好${}' })).toMatchObject({ success: false, message: '模板内容：模板内容第3个字符处的参数名为空' });
    expect(await bad({ templateContent: '好', templateTestJson: '{oops' })).toMatchObject({ success: false, message: '模板测试json：模板参数不是有效的JSON' });
    expect(await bad({ templateContent: '好', templateType: '9' })).toMatchObject({ success: false });
    const dup = await call(admin, 'POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'exam_notice', templateName: 'x', templateType: '1', templateContent: 'x' });
    expect(dup.body).toMatchObject({ success: false, message: '模板编码“exam_notice”已存在' });

    const id = list.body.result.records[0].id;
    expect((await call(admin, 'PUT', '/sys/message/sysMessageTemplate/edit', { id, templateCode: 'other' })).body.message).toBe('模板编码不能修改');
    expect((await call(admin, 'PUT', '/sys/message/sysMessageTemplate/edit', { id, useStatus: '1' })).body.success).toBe(true);
    expect((await call(admin, 'PUT', '/sys/message/sysMessageTemplate/edit', { id, templateName: '改' })).body.message).toBe('此模板已被应用，禁止编辑');
    expect((await call(admin, 'DELETE', `/sys/message/sysMessageTemplate/delete?id=${id}`)).body.message).toBe('模板“${course}考试提醒”已被应用，禁止删除');
    expect((await call(admin, 'PUT', '/sys/message/sysMessageTemplate/edit', { id, useStatus: '0' })).body.success).toBe(true);
  });
});

describe('sending', () => {
  it('sends an e-mail through a real SMTP server, rendered and escaped, and records it sent', async () => {
    const res = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', {
      templateCode: 'exam_notice',
      receiver: 'parent@school.test',
      msgType: 'email',
      testData: JSON.stringify({ name: '李<四>', date: '3月1日', course: '消防安全' }),
    });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, message: '消息发送成功！' });
    expect(inbox).toHaveLength(1);
    const mail = inbox[0];
    expect(mail.subject).toBe('消防安全考试提醒');
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0].address).toBe('parent@school.test');
    expect(mail.from?.value[0]).toMatchObject({ address: 'noreply@anxue.test', name: '安学云' });
    expect(mail.html).toContain('李&lt;四&gt;同学：请于3月1日前完成消防安全考试。');
    expect(mail.text).toContain('李<四>同学');
    const [row] = await messagesTo('parent@school.test');
    expect(row).toMatchObject({ esSendStatus: '1', esSendNum: 1, esType: 'email', esTitle: '消防安全考试提醒', esResult: null, templateCode: 'exam_notice', tenantId: 1000 });
    expect(row.esSendTime).toBeTruthy();
    const listed = await call(admin, 'GET', '/sys/message/sysMessage/list?esSendStatus=1');
    expect(listed.body.result.records[0]).toMatchObject({ esReceiver: 'parent@school.test', esSendStatus_dictText: '发送成功', esType_dictText: '邮件消息' });
  });

  it('refuses a send with missing template values, naming them, and sends nothing', async () => {
    const res = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'exam_notice', receiver: 'x@school.test', msgType: 'email', testData: '{"name":"王五"}' });
    expect(res).toMatchObject({ status: 200, body: { success: false, message: '缺少模板参数：course、date' } });
    const again = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'exam_notice', receiver: 'x@school.test', msgType: 'email', testData: '{"course":"交通"}' });
    expect(again.body.message).toBe('缺少模板参数：name、date');
    expect(await messagesTo('x@school.test')).toEqual([]);
  });

  it('sends a system message as an announcement to exactly that user', async () => {
    const aliceId = await createUser(t.db, { username: 'msg_alice', password: pw });
    await createUser(t.db, { username: 'msg_bob', password: pw });
    const alice = await login(t.app, 'msg_alice', pw);
    const bob = await login(t.app, 'msg_bob', pw);
    const unread = async (token: string) => (await call(token, 'GET', '/sys/annountCement/getUnreadMessageCount')).body.result.count;
    const [aliceBefore, bobBefore] = [await unread(alice), await unread(bob)];
    await template({ templateCode: 'welcome', templateName: '欢迎${name}', templateType: '4', templateContent: '<p>${name}，欢迎加入安全教育平台</p>', templateTestJson: '{"name":"新同学"}' });
    const res = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'welcome', receiver: 'msg_alice', msgType: 'system' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect(await unread(alice)).toBe(aliceBefore + 1);
    expect(await unread(bob)).toBe(bobBefore);
    const bell = (await call(alice, 'GET', '/sys/annountCement/listByUser')).body.result;
    expect(bell.sysMsgList[0]).toMatchObject({ titile: '欢迎新同学', sender: 'admin' });
    expect(bell.sysMsgList[0].msgContent).toContain('新同学，欢迎加入安全教育平台');
    const sent = await t.db.selectFrom('sysAnnouncementSend').select('userId').where('anntId', '=', bell.sysMsgList[0].id).execute();
    expect(sent).toEqual([{ userId: aliceId }]);
    // someone who is not a member of the tenant is not a receiver: refused for good, no retry
    const nobody = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'welcome', receiver: 'no_such_user', msgType: 'system' });
    expect(nobody.body).toMatchObject({ success: false, message: '消息发送失败：接收人“no_such_user”不是本租户的有效用户' });
    expect((await messagesTo('no_such_user'))[0]).toMatchObject({ esSendStatus: '2', esSendNum: 1 });
  });

  it('sends SMS through the log provider, and webhooks as JSON to the URL', async () => {
    await template({ templateCode: 'sms_code', templateName: '验证码', templateType: '1', templateContent: '您的验证码是${code}' });
    const sms = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'sms_code', receiver: '13800001111', testData: '{"code":"4711"}' });
    expect(sms.body).toMatchObject({ success: true });
    expect((await messagesTo('13800001111'))[0]).toMatchObject({ esType: 'sms', esSendStatus: '1', esContent: '您的验证码是4711' });

    await template({ templateCode: 'robot', templateName: '隐患上报', templateType: '3', templateContent: '${place}发现隐患' });
    const url = `${hookUrl}/send?key=\${key}`;
    const ok = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'robot', receiver: url, testData: { place: '实验楼', key: 'k1' } });
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ success: true });
    expect(hooked).toEqual([{ url: '/send?key=k1', body: { msgtype: 'text', text: { content: '隐患上报\n实验楼发现隐患' } } }]);
    const bad = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'robot', receiver: `${hookUrl}/bad`, testData: { place: '操场' } });
    expect(bad.body).toMatchObject({ success: false, message: '消息发送失败：Webhook 返回错误 93000（已记录，将自动重试）' });
  });

  it('queues an added message and the timer sends it when due', async () => {
    const res = await call(admin, 'POST', '/sys/message/sysMessage/add', { esReceiver: 'queued@school.test', esType: 'email', templateCode: 'exam_notice', esParam: '{"name":"赵六","date":"明天","course":"防震"}' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
    expect((await messagesTo('queued@school.test'))[0]).toMatchObject({ esSendStatus: '0', esSendNum: 0, esTitle: '防震考试提醒' });
    await messageDispatcher(t.app.ctx).runDue();
    expect((await messagesTo('queued@school.test'))[0]).toMatchObject({ esSendStatus: '1', esSendNum: 1 });
    expect(inbox.at(-1)?.subject).toBe('防震考试提醒');
    const missing = await call(admin, 'POST', '/sys/message/sysMessage/add', { esReceiver: 'q2@school.test', esType: 'email', templateCode: 'exam_notice', esParam: '{}' });
    expect(missing.body.message).toBe('缺少模板参数：course、name、date');
    const plain = await call(admin, 'POST', '/sys/message/sysMessage/add', { esReceiver: 'q2@school.test', esType: 'fax', esContent: 'x' });
    expect(plain.body.success).toBe(false);
  });

  it('retries a refused SMTP connection after 1, 5 and 15 minutes, then records it failed with the error', async () => {
    await new Promise<void>((ok) => smtp.close(ok)); // the port now refuses connections
    const res = await call(admin, 'POST', '/sys/message/sysMessageTemplate/sendMsg', {
      templateCode: 'exam_notice',
      receiver: 'later@school.test',
      msgType: 'email',
      testData: { name: '孙七', date: '周五', course: '食品安全' },
    });
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/^消息发送失败：邮件发送失败：.*ECONNREFUSED.*（已记录，将自动重试）$/);
    const state = async () => (await messagesTo('later@school.test'))[0];
    expect(await state()).toMatchObject({ esSendStatus: '0', esSendNum: 1 });
    const dispatcher = messageDispatcher(t.app.ctx);
    for (const [waitMin, tries] of [[1, 2], [5, 3], [15, 4]] as const) {
      // not yet due a moment before the back-off ends
      t.clock.advance(waitMin * 60_000 - 2_000);
      await dispatcher.runDue();
      expect((await state()).esSendNum).toBe(tries - 1);
      t.clock.advance(2_000);
      await dispatcher.runDue();
      expect((await state()).esSendNum).toBe(tries);
    }
    const final = await state();
    expect(final).toMatchObject({ esSendStatus: '2', esSendNum: 4, nextTryTime: null });
    expect(final.esResult).toMatch(/^邮件发送失败：.*ECONNREFUSED/);
    t.clock.advance(60 * 60_000);
    await dispatcher.runDue();
    expect((await state()).esSendNum).toBe(4);
  });
});

describe('permissions and tenants', () => {
  it('refuses every call to a user without the codes with 403/510', async () => {
    await createUser(t.db, { username: 'msg_plain', password: pw });
    const token = await login(t.app, 'msg_plain', pw);
    for (const [method, url, payload] of [
      ['GET', '/sys/message/sysMessageTemplate/list', undefined],
      ['POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'a', templateName: 'a', templateType: '1', templateContent: 'a' }],
      ['PUT', '/sys/message/sysMessageTemplate/edit', { id: 'x' }],
      ['DELETE', '/sys/message/sysMessageTemplate/delete?id=x', undefined],
      ['DELETE', '/sys/message/sysMessageTemplate/deleteBatch?ids=x', undefined],
      ['POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'welcome', receiver: 'msg_plain' }],
      ['GET', '/sys/message/sysMessage/list', undefined],
      ['POST', '/sys/message/sysMessage/add', { esReceiver: 'a', esType: 'sms', esContent: 'a' }],
      ['PUT', '/sys/message/sysMessage/edit', { id: 'x' }],
      ['DELETE', '/sys/message/sysMessage/delete?id=x', undefined],
      ['DELETE', '/sys/message/sysMessage/deleteBatch?ids=x', undefined],
    ] as const) {
      const res = await call(token, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });

  it('keeps templates and messages to their tenant; the same code may exist in another tenant', async () => {
    await t.db.insertInto('sysTenant').values({ id: 3200, name: '别的学校', status: 1 }).execute();
    await createUser(t.db, {
      username: 'msg_other',
      password: pw,
      tenants: [3200],
      menuKeys: ['message', 'message.template', 'message.template.list', 'message.template.add', 'message.template.sendMsg', 'message.manage', 'message.manage.list'],
    });
    const other = await login(t.app, 'msg_other', pw);
    expect((await call(other, 'GET', '/sys/message/sysMessageTemplate/list')).body.result.total).toBe(0);
    expect((await call(other, 'GET', '/sys/message/sysMessage/list')).body.result.total).toBe(0);
    // another tenant's template cannot be used, and its own may take the same code
    const foreign = await call(other, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'sms_code', receiver: '13900000000', testData: '{"code":"1"}' });
    expect(foreign.body).toMatchObject({ success: false, message: '未找到模板“sms_code”' });
    const own = await call(other, 'POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'sms_code', templateName: '别校验证码', templateType: '1', templateContent: '码${code}' });
    expect(own.body.success).toBe(true);
    const sent = await call(other, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'sms_code', receiver: '13900000000', testData: '{"code":"2"}' });
    expect(sent.body.success).toBe(true);
    const mine = await call(other, 'GET', '/sys/message/sysMessage/list');
    expect(mine.body.result.records.map((r: { esContent: string }) => r.esContent)).toEqual(['码2']);
    // a system message of tenant 3200 cannot reach a user of tenant 1000
    await call(other, 'POST', '/sys/message/sysMessageTemplate/add', { templateCode: 'sys', templateName: '通知', templateType: '4', templateContent: '你好' });
    const cross = await call(other, 'POST', '/sys/message/sysMessageTemplate/sendMsg', { templateCode: 'sys', receiver: 'msg_alice' });
    expect(cross.body.message).toBe('消息发送失败：接收人“msg_alice”不是本租户的有效用户');
    expect((await call(admin, 'GET', '/sys/message/sysMessage/list?pageSize=100')).body.result.records.some((r: { tenantId: number }) => r.tenantId === 3200)).toBe(false);
  });
});
