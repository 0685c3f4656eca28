// 隐患排查题: a picture with hazard regions drawn on it (stu_hazard_region), stored as fractions of the
// image so any screen size hits the same spots. The regions travel with the scene and are replaced as a
// whole on every save that sends them.
import { REGION_SHAPES, circleCoords, polygonCoords, rectCoords, type RegionShape } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { newId } from '../../../core/db';
import { auditFields, contentFields, fillDefaults, idField, nonNegative, optText, parseList, reqText } from './common';

const MAX_REGIONS = 50;
const COORDS: Record<RegionShape, z.ZodType> = { rect: rectCoords, circle: circleCoords, polygon: polygonCoords };

const regionEntry = z.object({
  shape: z.enum(REGION_SHAPES, { error: '形状只能是矩形、圆形或多边形' }),
  coords: z.unknown(),
  title: reqText('标题', 200),
  risk: optText('风险', 1000),
  fix: optText('整改方法', 1000),
});

export interface HazardRegion {
  shape: RegionShape;
  coords: Record<string, unknown>;
  title: string;
  risk: string | null;
  fix: string | null;
}

/** Why a region's coordinates were refused, in words an editor understands. */
function coordsProblem(shape: RegionShape, err: z.ZodError): string {
  const issue = err.issues[0];
  if (shape === 'polygon' && issue?.path.length === 1 && issue.path[0] === 'points') {
    if (issue.code === 'too_small') return '多边形至少要有3个点';
    if (issue.code === 'too_big') return '多边形最多64个点';
  }
  if (issue?.code === 'invalid_type' && issue.path.length <= 1) return '坐标不完整';
  return shape === 'circle' ? '坐标必须是0到1之间的比例（半径按图片宽度计）' : '坐标必须是0到1之间的比例';
}

/** Checks the regions of a scene: shape, coordinates by shape (within the picture), a title each. */
export function checkRegions(raw: unknown): HazardRegion[] {
  const regions = parseList(regionEntry, raw, '隐患区域', MAX_REGIONS);
  return regions.map((r, i) => {
    let coords = r.coords;
    if (typeof coords === 'string') {
      try {
        coords = JSON.parse(coords);
      } catch {
        throw new ResourceError(`第${i + 1}条隐患区域：坐标格式不正确`);
      }
    }
    const parsed = COORDS[r.shape].safeParse(coords);
    if (!parsed.success) throw new ResourceError(`第${i + 1}条隐患区域：${coordsProblem(r.shape, parsed.error)}`);
    const c = parsed.data as Record<string, number>;
    if (r.shape === 'rect' && (c.x + c.w > 1.000001 || c.y + c.h > 1.000001)) throw new ResourceError(`第${i + 1}条隐患区域：矩形超出了图片范围`);
    return { shape: r.shape, coords: parsed.data as Record<string, unknown>, title: r.title, risk: r.risk ?? null, fix: r.fix ?? null };
  });
}

export async function loadRegions(db: Kysely<any>, sceneId: string) {
  const rows = await db.selectFrom('stuHazardRegion').select(['id', 'shape', 'coords', 'title', 'risk', 'fix', 'sortNo']).where('sceneId', '=', sceneId).orderBy('sortNo').execute();
  return rows.map((r) => ({ ...r, coords: JSON.parse(r.coords) as unknown }));
}

const HAZARD_DEFAULTS = { requiredCount: 0, timeLimitSeconds: 0, hintsAllowed: 0, hitScore: 100, wrongPenalty: 0, timeBonusPerSecond: 0, published: 0, sortNo: 0 };
const positive = (title: string) => z.number().int().min(1, `${title}必须大于0`);

export const dangerQuestionResource: ResourceDef = {
  label: '隐患排查题',
  table: 'stuHazardScene',
  path: '/students/dangerQuestion',
  permission: 'students:dangerQuestion',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  without: ['queryById'],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '标题', required: true, max: 200 },
    { name: 'image', type: 'string', title: '图片', required: true, max: 500 },
    { name: 'imageWidth', type: 'int', title: '图片宽度', required: true, check: positive('图片宽度') },
    { name: 'imageHeight', type: 'int', title: '图片高度', required: true, check: positive('图片高度') },
    { name: 'description', type: 'string', title: '说明', max: 1000 },
    { name: 'requiredCount', type: 'int', title: '需找出隐患数', check: nonNegative('需找出隐患数') },
    { name: 'timeLimitSeconds', type: 'int', title: '限时（秒）', check: nonNegative('限时') },
    { name: 'hintsAllowed', type: 'int', title: '提示次数', check: nonNegative('提示次数') },
    { name: 'hitScore', type: 'int', title: '找到一处得分', check: nonNegative('找到一处得分') },
    { name: 'wrongPenalty', type: 'int', title: '点错扣分', check: nonNegative('点错扣分') },
    { name: 'timeBonusPerSecond', type: 'int', title: '每剩一秒加分', check: nonNegative('每剩一秒加分') },
    ...contentFields,
    ...auditFields,
  ],
  extraInput: { regions: z.array(z.unknown(), { error: '隐患区域格式不正确' }).optional() },
  hooks: {
    beforeSave(row, _ctx, mode) {
      fillDefaults(dangerQuestionResource.fields, HAZARD_DEFAULTS)(row, mode);
    },
    async afterSave(row, input, ctx, mode) {
      const id = String(row.id);
      let count: number;
      if (input.regions !== undefined || mode === 'add') {
        const regions = checkRegions(input.regions ?? []);
        if (!regions.length) throw new ResourceError('至少要标出一个隐患区域');
        await ctx.db.deleteFrom('stuHazardRegion').where('sceneId', '=', id).execute();
        await ctx.db
          .insertInto('stuHazardRegion')
          .values(regions.map((r, i) => ({ id: newId(), sceneId: id, shape: r.shape, coords: JSON.stringify(r.coords), title: r.title, risk: r.risk, fix: r.fix, sortNo: i + 1, tenantId: ctx.tenantId })))
          .execute();
        count = regions.length;
      } else {
        count = (await ctx.db.selectFrom('stuHazardRegion').select('id').where('sceneId', '=', id).execute()).length;
      }
      const scene = await ctx.db.selectFrom('stuHazardScene').select('requiredCount').where('id', '=', id).executeTakeFirstOrThrow();
      if (scene.requiredCount > count) throw new ResourceError(`需找出的隐患数（${scene.requiredCount}）不能多于隐患区域数（${count}）`);
    },
    async beforeDelete(ids, ctx) {
      const played = await ctx.db.selectFrom('stuHazardPlay as p').innerJoin('stuHazardScene as s', 's.id', 'p.sceneId').select('s.title').where('p.sceneId', 'in', ids).executeTakeFirst();
      if (played) throw new ResourceError(`隐患排查题“${played.title}”已有学生作答，不能删除，可改为不发布`);
      await ctx.db.deleteFrom('stuHazardRegion').where('sceneId', 'in', ids).execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const counts = await ctx.db.selectFrom('stuHazardRegion').select(['sceneId', (eb) => eb.fn.countAll<number>().as('n')]).where('sceneId', 'in', ids).groupBy('sceneId').execute();
      const byScene = new Map(counts.map((c) => [c.sceneId, Number(c.n)]));
      for (const r of records) r.regionCount = byScene.get(String(r.id)) ?? 0;
    },
  },
};
