// 学生作品: students' works with their files, reviewed by the back-office (review action).
import { STUDENT_DICTS } from '@anxue/shared';
import { z } from 'zod';
import type { ResourceDef } from '../../../core/crud';
import { auditFields, idField, pathList, requireOwnRows, requireTenantUsers, userNames } from './common';

export const worksResource: ResourceDef = {
  label: '学生作品',
  table: 'stuWork',
  path: '/students/works',
  permission: 'students:works',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  without: ['importExcel'],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '作品名称', required: true, max: 200 },
    { name: 'authorId', type: 'string', title: '作者', required: true, max: 32, excel: false },
    { name: 'teamId', type: 'string', title: '队伍', max: 32, excel: false },
    { name: 'files', type: 'string', title: '文件', max: 5000 },
    { name: 'description', type: 'string', title: '说明', max: 5000 },
    { name: 'reviewStatus', type: 'string', title: '审核状态', writable: false, excel: true, dictCode: STUDENT_DICTS.reviewStatus },
    { name: 'reviewComment', type: 'string', title: '审核意见', writable: false, excel: true },
    { name: 'award', type: 'string', title: '奖项', writable: false, excel: true, dictCode: STUDENT_DICTS.award },
    { name: 'reviewedBy', type: 'string', title: '审核人', writable: false, excel: true },
    { name: 'reviewedAt', type: 'datetime', title: '审核时间', writable: false, excel: true },
    ...auditFields,
  ],
  hooks: {
    async beforeSave(row, ctx) {
      if (row.authorId) await requireTenantUsers(ctx, [String(row.authorId)]);
      if (row.teamId) await requireOwnRows(ctx.db, ctx, 'stuTeam', [String(row.teamId)], '队伍');
      if (row.files) pathList(row.files, '文件');
    },
    async afterSave(row, _input, ctx) {
      const saved = await ctx.db.selectFrom('stuWork').select('files').where('id', '=', String(row.id)).executeTakeFirstOrThrow();
      if (saved.files) await ctx.db.updateTable('stuWork').set({ files: pathList(saved.files, '文件').join(',') || null }).where('id', '=', String(row.id)).execute();
    },
    async decorate(records, ctx) {
      const names = await userNames(
        ctx.db,
        records.map((r) => String(r.authorId)),
      );
      for (const r of records) r.authorName = names.get(String(r.authorId)) ?? '';
    },
  },
};

export const reviewInput = z
  .object({
    id: z.string({ error: '缺少id' }).min(1, '缺少id').max(32),
    reviewStatus: z.enum(['0', '1', '2'], { error: '审核状态只能是待审核、已通过或未通过' }),
    reviewComment: z.preprocess((v) => (v === '' ? null : v), z.string().max(500, '审核意见最长500个字符').nullable().optional()),
    award: z.preprocess((v) => (v === '' ? null : v), z.enum(['1', '2', '3', '4'], { error: '奖项不正确' }).nullable().optional()),
  })
  .refine((v) => !v.award || v.reviewStatus === '1', { message: '只有审核通过的作品才能评奖' });
