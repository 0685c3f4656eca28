// 证书管理: the certificates the tenant's students were issued, and revoking one issued by mistake (progress
// recorded for the wrong child, a test someone else did). A revoked certificate is never issued again for
// the same work; the public check says it was revoked, and when, instead of vouching for it.
import { formatCertificateCode } from '@anxue/shared';
import { z } from 'zod';
import type { ResourceDef } from '../../../core/crud';
import { idField } from './common';

export const CERTIFICATE_ADMIN_MESSAGES = {
  revoked: '证书已撤销',
  restored: '证书已恢复',
  alreadyRevoked: '这张证书已经撤销过了',
  notRevoked: '这张证书没有撤销',
} as const;

export const certificateResource: ResourceDef = {
  label: '证书',
  table: 'stuCertificate',
  path: '/students/certificate',
  permission: 'students:certificate',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  // issued by the students' progress only: listed, exported and revoked, never added or edited by hand
  without: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  fields: [
    idField,
    { name: 'realname', type: 'string', title: '姓名', writable: false, excel: true },
    { name: 'kind', type: 'string', title: '类型', writable: false, excel: true },
    { name: 'title', type: 'string', title: '完成内容', writable: false, excel: true },
    { name: 'issuedDate', type: 'string', title: '完成日期', writable: false, excel: true },
    { name: 'code', type: 'string', title: '验证码', writable: false, excel: true },
    { name: 'revokedAt', type: 'datetime', title: '撤销时间', writable: false, excel: true },
    { name: 'revokedBy', type: 'string', title: '撤销人', writable: false, excel: true },
    { name: 'revokeReason', type: 'string', title: '撤销原因', writable: false, excel: true },
    { name: 'createTime', type: 'datetime', title: '发放时间', writable: false, excel: true },
  ],
  hooks: {
    decorate(records) {
      for (const r of records) if (typeof r.code === 'string') r.code = formatCertificateCode(r.code);
    },
  },
};

export const revokeInput = z.object({
  id: z.string({ error: '缺少id' }).min(1, '缺少id').max(32),
  reason: z.string({ error: '请填写撤销原因' }).trim().min(1, '请填写撤销原因').max(200, '撤销原因最长200个字符'),
});
export const restoreInput = z.object({ id: z.string({ error: '缺少id' }).min(1, '缺少id').max(32) });
