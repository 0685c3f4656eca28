import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateCard } from '@anxue/shared';
import { apiCall, createTestApp, type TestApp } from '../../../../test/helpers/test-app';
import { issueCertificates } from '../study/certificates';
import { insertCourse, insertLesson, userWith } from '../study/test-kit';
import { CERTIFICATE_ADMIN_MESSAGES } from './certificate';

// 证书管理: an editor lists the tenant's certificates and revokes one issued by mistake; the public check
// and the student's own list then say it was revoked, it is not issued again, and restoring undoes it.
let t: TestApp;
type U = { id: string; token: string };
let editor: U, viewer: U, ann: U;
let courseId: string;
const LIST = 'students:certificate:list';
const REVOKE = 'students:certificate:revoke';

const post = (u: U, url: string, body: unknown) => apiCall(t.app, u.token, 'POST', url, body);
const verify = async (code: string) => (await t.app.inject({ method: 'GET', url: `/api/students/certificate/verify/${code}`, remoteAddress: '10.41.0.1' })).json().result;
const mine = async () => (await apiCall(t.app, ann.token, 'GET', '/students/study/certificates')).body.result as CertificateCard[];

beforeAll(async () => {
  t = await createTestApp();
  editor = await userWith(t, 'cr_editor', [LIST, REVOKE]);
  viewer = await userWith(t, 'cr_viewer', [LIST]);
  ann = await userWith(t, 'cr_ann');
  await t.db.updateTable('sysUser').set({ realname: '钱小安' }).where('id', '=', ann.id).execute();
  courseId = await insertCourse(t.db, { title: '用电安全' });
  const lesson = await insertLesson(t.db, { courseId, kind: 'article', content: '<p>湿手不碰开关</p>', durationSeconds: 0 });
  await apiCall(t.app, ann.token, 'GET', `/students/study/lesson?id=${lesson}`); // finished on opening: the course is done
});
afterAll(() => t.close());

describe('revoking a certificate', () => {
  it('lists the tenant’s certificates with their codes as printed', async () => {
    const list = (await apiCall(t.app, viewer.token, 'GET', '/students/certificate/list?realname=钱小安')).body.result.records;
    expect(list).toEqual([expect.objectContaining({ realname: '钱小安', kind: 'course', title: '用电安全', revokedAt: null, code: (await mine())[0]!.code })]);
    expect(list[0].code).toMatch(/^\w{4}-\w{4}-\w{4}$/);
  });

  it('needs a reason and the revoke permission, and revokes once', async () => {
    const [card] = await mine();
    const id = card!.id;
    expect((await post(viewer, '/students/certificate/revoke', { id, reason: '成绩记错了人' })).status).toBe(403);
    for (const reason of ['', '   ', 'x'.repeat(201)]) expect((await post(editor, '/students/certificate/revoke', { id, reason })).body.success).toBe(false);
    expect((await post(editor, '/students/certificate/revoke', { id: 'nope', reason: '记错了' })).body.success).toBe(false);
    expect(await verify(card!.code)).toMatchObject({ name: '钱小安', revokedDate: null });

    const r = await post(editor, '/students/certificate/revoke', { id, reason: '成绩记错了人' });
    expect(r.body).toMatchObject({ success: true, message: CERTIFICATE_ADMIN_MESSAGES.revoked });
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await post(editor, '/students/certificate/revoke', { id, reason: '再撤一次' })).body.message).toBe(CERTIFICATE_ADMIN_MESSAGES.alreadyRevoked);

    // the public check says so, with the date and without the school's reason
    const check = await verify(card!.code);
    expect(check).toEqual({ name: '钱小安', work: '用电安全', date: card!.issuedDate, revokedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(JSON.stringify(check)).not.toContain('记错');
    expect(check.revokedDate.slice(0, 4)).toBe(today.slice(0, 4));
    // the student sees it revoked; finishing the course again issues no second one
    expect((await mine())[0]).toMatchObject({ id, revokedDate: check.revokedDate });
    expect(await issueCertificates(t.app.ctx, { id: ann.id, tenantId: 1000 })).toBe(0);
    expect(await mine()).toHaveLength(1);
    // who revoked it and why, for the back-office
    const row = (await apiCall(t.app, viewer.token, 'GET', '/students/certificate/list?realname=钱小安')).body.result.records[0];
    expect(row).toMatchObject({ revokedBy: 'cr_editor', revokeReason: '成绩记错了人' });
  });

  it('restores a revoked certificate', async () => {
    const [card] = await mine();
    expect((await post(editor, '/students/certificate/restore', { id: card!.id })).body).toMatchObject({ success: true, message: CERTIFICATE_ADMIN_MESSAGES.restored });
    expect((await post(editor, '/students/certificate/restore', { id: card!.id })).body.message).toBe(CERTIFICATE_ADMIN_MESSAGES.notRevoked);
    expect(await verify(card!.code)).toMatchObject({ revokedDate: null });
    expect((await mine())[0]!.revokedDate).toBeNull();
  });
});
