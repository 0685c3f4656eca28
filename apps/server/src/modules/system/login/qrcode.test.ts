import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { QRCODE_MESSAGES, QRCODE_PER_ADDRESS } from './qrcode';

// QR-code sign-in: the page asks for a code (and gets a cookie), a signed-in user confirms it, the page's
// poll receives a session of that user once.
let t: TestApp;
let ipSeq = 0;
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'qr_mia', password: 'Mia#2026-pass' });
});
afterAll(() => t.close());

/** A browser showing the sign-in page: its own address and the cookie the code came with. */
async function newCode(ip = `10.20.0.${++ipSeq}`) {
  const res = await t.app.inject({ method: 'GET', url: '/api/sys/getLoginQrcode', remoteAddress: ip });
  const body = res.json();
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0];
  return { body, qrcodeId: body.result?.qrcodeId as string, cookie, ip };
}
const poll = async (qrcodeId: string, cookie?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/sys/getQrcodeToken?qrcodeId=${encodeURIComponent(qrcodeId)}`, headers: cookie ? { cookie } : {} })).json();
const scan = async (qrcodeId: string, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api/sys/scanLoginQrcode?${new URLSearchParams({ qrcodeId, token: token ?? 'x' })}`, headers: token ? auth(token) : {} });

describe('QR-code sign-in', () => {
  it('a code confirmed by a signed-in user signs the polling page in as that user, once', async () => {
    const code = await newCode();
    expect(code.body).toMatchObject({ success: true });
    expect(code.qrcodeId).toMatch(/^QRLOGIN[0-9a-f]{48}$/);
    expect(code.cookie).toMatch(/^anxue_qrcode=/);
    expect(await poll(code.qrcodeId, code.cookie)).toMatchObject({ success: true, result: { token: '-1' } });

    const mia = await login(t.app, 'qr_mia', 'Mia#2026-pass');
    const confirmed = await scan(code.qrcodeId, mia);
    expect(confirmed.json()).toMatchObject({ success: true, message: '扫码成功' });
    // a second confirmation (another user's, or a replay) is refused
    expect((await scan(code.qrcodeId, await login(t.app))).json()).toMatchObject({ success: false, message: QRCODE_MESSAGES.expired });

    // another browser polling the same code (a photo of the screen) gets nothing
    expect(await poll(code.qrcodeId)).toMatchObject({ result: { token: '-2' } });
    expect(await poll(code.qrcodeId, 'anxue_qrcode=someone-else')).toMatchObject({ result: { token: '-2' } });
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/getQrcodeToken?qrcodeId=${code.qrcodeId}&pollToken=guess` })).json()).toMatchObject({ result: { token: '-2' } });
    // the page's own poll token (what our client sends, kept out of request logs by its name) is the cookie's value
    expect(`anxue_qrcode=${code.body.result.pollToken}`).toBe(code.cookie);

    const signed = await poll(code.qrcodeId, code.cookie);
    expect(signed).toMatchObject({ success: true, result: { success: true, userInfo: { username: 'qr_mia' } } });
    const token = signed.result.token as string;
    expect(token).not.toBe(mia);
    const info = await t.app.inject({ method: 'GET', url: '/api/sys/user/getUserInfo', headers: auth(token) });
    expect(info.json()).toMatchObject({ success: true, result: { userInfo: { username: 'qr_mia' } } });
    // single use: the next poll finds no code
    expect(await poll(code.qrcodeId, code.cookie)).toMatchObject({ result: { token: '-2' } });
    const log = await t.db.selectFrom('sysLog').select('logContent').where('username', '=', 'qr_mia').execute();
    expect(log.map((l) => l.logContent)).toContain('用户名: qr_mia,登录成功！（扫码登录）');
  });

  it('only a signed-in user can confirm', async () => {
    const code = await newCode();
    const res = await scan(code.qrcodeId);
    expect(res.statusCode).toBe(401);
    expect(await poll(code.qrcodeId, code.cookie)).toMatchObject({ result: { token: '-1' } });
    // a made-up code is refused
    expect((await scan('QRLOGIN-made-up', await login(t.app, 'qr_mia', 'Mia#2026-pass'))).json()).toMatchObject({ success: false, message: QRCODE_MESSAGES.expired });
  });

  it('a code expires after 2 minutes: neither confirmed nor collected', async () => {
    const code = await newCode();
    const mia = await login(t.app, 'qr_mia', 'Mia#2026-pass');
    t.clock.advance(2 * 60 * 1000 + 1000);
    expect((await scan(code.qrcodeId, mia)).json()).toMatchObject({ success: false, message: QRCODE_MESSAGES.expired });
    expect(await poll(code.qrcodeId, code.cookie)).toMatchObject({ result: { token: '-2' } });

    // confirmed in time but collected too late
    const late = await newCode();
    expect((await scan(late.qrcodeId, mia)).json()).toMatchObject({ success: true });
    t.clock.advance(2 * 60 * 1000 + 1000);
    expect(await poll(late.qrcodeId, late.cookie)).toMatchObject({ result: { token: '-2' } });
  });

  it('one address holds a limited number of codes at a time', async () => {
    const ip = '10.21.0.1';
    for (let i = 0; i < QRCODE_PER_ADDRESS; i++) expect((await newCode(ip)).body.success).toBe(true);
    expect((await newCode(ip)).body).toMatchObject({ success: false, message: QRCODE_MESSAGES.tooMany });
    t.clock.advance(2 * 60 * 1000 + 1000);
    expect((await newCode(ip)).body.success).toBe(true);
  });
});
