// 图片管理, 视频管理, 海报管理 and 安全技能: the media lessons point at, and skills with numbered steps.
import type { LessonKind } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef, type ResourceField } from '../../../core/crud';
import { newId } from '../../../core/db';
import { auditFields, contentFields, fillDefaults, idField, intOf, optText, parseList, pathList, refuseRepeats, reqText } from './common';

const titleField: ResourceField = { name: 'title', type: 'string', title: '标题', required: true, max: 200 };
const coverField: ResourceField = { name: 'cover', type: 'string', title: '封面', max: 500 };
const descriptionField: ResourceField = { name: 'description', type: 'string', title: '说明', max: 5000 };

/** Media a lesson shows cannot be deleted from under it. */
function refuseUsedMedia(kind: LessonKind, label: string) {
  return async (ids: string[], ctx: RequestContext) => {
    const used = await ctx.db.selectFrom('stuLesson').select('title').where('kind', '=', kind).where('mediaId', 'in', ids).executeTakeFirst();
    if (used) throw new ResourceError(`${label}已被课时“${used.title}”使用，不能删除`);
  };
}

const resource = (entity: string, label: string, table: string, fields: ResourceField[], hooks: ResourceDef['hooks']): ResourceDef => ({
  label,
  table,
  path: `/students/${entity}`,
  permission: `students:${entity}`,
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  fields: [idField, titleField, ...fields, ...contentFields, ...auditFields],
  hooks: {
    ...hooks,
    async beforeSave(row, ctx, mode) {
      fillDefaults(contentFields, { published: 0, sortNo: 0 })(row, mode);
      await hooks?.beforeSave?.(row, ctx, mode);
    },
  },
});

export const pictureResource = resource(
  'picture',
  '图片',
  'stuPicture',
  [coverField, { name: 'images', type: 'string', title: '图片', required: true, max: 5000 }, descriptionField],
  {
    beforeSave(row) {
      if ('images' in row && !pathList(row.images, '图片').length) throw new ResourceError('请至少上传一张图片');
    },
    // tidied on the saved row (an edit's beforeSave sees a copy): the list without blanks, and the first
    // picture as the cover when none is chosen
    async afterSave(row, _input, ctx) {
      const saved = await ctx.db.selectFrom('stuPicture').select(['images', 'cover']).where('id', '=', String(row.id)).executeTakeFirstOrThrow();
      const images = pathList(saved.images, '图片');
      await ctx.db.updateTable('stuPicture').set({ images: images.join(','), cover: saved.cover || images[0] }).where('id', '=', String(row.id)).execute();
    },
    beforeDelete: refuseUsedMedia('picture', '图片'),
  },
);

export const videoResource = resource(
  'video',
  '视频',
  'stuVideo',
  [
    coverField,
    { name: 'filePath', type: 'string', title: '视频文件', required: true, max: 500 },
    { name: 'durationSeconds', type: 'int', title: '时长（秒）', required: true, check: z.number().int().min(1, '视频时长至少1秒') },
    { name: 'fileSize', type: 'int', title: '文件大小', check: z.number().int().min(0, '文件大小不能小于0') },
    descriptionField,
  ],
  {
    beforeSave(row) {
      for (const key of ['filePath', 'cover']) if (row[key]) pathList(row[key], key === 'cover' ? '封面' : '视频文件');
    },
    beforeDelete: refuseUsedMedia('video', '视频'),
  },
);

export const posterResource = resource('poster', '海报', 'stuPoster', [{ name: 'image', type: 'string', title: '海报图片', required: true, max: 500 }, descriptionField], {
  beforeSave(row) {
    if (row.image) pathList(row.image, '海报图片');
  },
  beforeDelete: refuseUsedMedia('poster', '海报'),
});

// ---------- skills ----------

const stepEntry = z.object({
  stepNo: intOf('步骤序号').pipe(z.number().min(1, '步骤序号至少为1')).optional().nullable(),
  content: reqText('步骤内容', 2000),
  image: optText('步骤图片', 500),
});

export async function loadSteps(db: Kysely<any>, skillId: string) {
  return db.selectFrom('stuSkillStep').select(['id', 'stepNo', 'content', 'image']).where('skillId', '=', skillId).orderBy('stepNo').execute();
}

export const skillResource: ResourceDef = {
  ...resource('skill', '安全技能', 'stuSkill', [coverField, { name: 'summary', type: 'string', title: '简介', max: 1000 }], {
    async afterSave(row, input, ctx, mode) {
      if (input.steps === undefined && mode === 'edit') return;
      const parsed = parseList(stepEntry, input.steps ?? [], '步骤', 100);
      if (!parsed.length) throw new ResourceError('安全技能至少要有一个步骤');
      // steps without a number follow their place in the list
      const steps = parsed.map((s, i) => ({ stepNo: s.stepNo ?? i + 1, content: s.content, image: s.image ?? null }));
      refuseRepeats(
        steps.map((s) => String(s.stepNo)),
        (n) => `步骤序号${n}重复`,
      );
      for (const s of steps) if (s.image) pathList(s.image, '步骤图片');
      const id = String(row.id);
      await ctx.db.deleteFrom('stuSkillStep').where('skillId', '=', id).execute();
      await ctx.db
        .insertInto('stuSkillStep')
        .values(steps.map((s) => ({ id: newId(), skillId: id, tenantId: ctx.tenantId, ...s })))
        .execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const counts = await ctx.db.selectFrom('stuSkillStep').select(['skillId', (eb) => eb.fn.countAll<number>().as('n')]).where('skillId', 'in', ids).groupBy('skillId').execute();
      const bySkill = new Map(counts.map((c) => [c.skillId, Number(c.n)]));
      for (const r of records) r.stepCount = bySkill.get(String(r.id)) ?? 0;
    },
  }),
  without: ['queryById'],
  extraInput: { steps: z.array(z.unknown(), { error: '步骤格式不正确' }).optional() },
};
