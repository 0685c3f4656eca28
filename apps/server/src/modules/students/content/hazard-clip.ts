// 危险预判视频: a clip with the windows in which its hazards develop (seconds from the start, inside the
// clip, optionally the part of the frame where it shows) and the pattern rule that zeroes guessing. Windows
// may overlap: two hazards can develop at once, and each is scored by its own first tap. They travel with
// the clip as JSON and are replaced as a whole on every save that sends them.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { CLIP_PATTERN_DEFAULTS, type ClipWindow } from '@anxue/shared/hazard-clip';
import { callerOf, ResourceError, type ResourceDef, type ResourceService } from '../../../core/crud';
import { formatDateTime } from '../../../core/db';
import { ok } from '../../../core/http';
import { auditFields, contentFields, fillDefaults, idField, nonNegative, optText, parseList, pathList, reqText, userNames } from './common';

const MAX_WINDOWS = 30;
/** An hour: a hazard clip is a minute or so; longer is a mistake in the number. */
const MAX_DURATION = 3600;

const seconds = (title: string) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: `${title}必须是数字` }).finite(`${title}必须是数字`));
const fraction = (title: string) => seconds(title).pipe(z.number().min(0, '区域必须是0到1之间的比例').max(1, '区域必须是0到1之间的比例'));
const regionEntry = z.object({ x: fraction('区域'), y: fraction('区域'), w: fraction('区域'), h: fraction('区域') });
const windowEntry = z.object({
  start: seconds('开始时间').pipe(z.number().min(0, '开始时间不能小于0')),
  end: seconds('结束时间'),
  region: z.preprocess((v) => (v === '' ? null : v), regionEntry.nullable().optional()),
  title: reqText('标题', 200),
  explanation: optText('说明', 1000),
});

/** Rounded to milliseconds: what the player can tell apart, and what is stored. */
export const ms = (s: number) => Math.round(s * 1000) / 1000;

/** Checks the windows of a clip of `duration` seconds: each inside the clip, start before end, a title each. */
export function checkWindows(raw: unknown, duration: number): ClipWindow[] {
  const windows = parseList(windowEntry, raw, '危险时段', MAX_WINDOWS);
  return windows.map((w, i) => {
    const n = i + 1;
    if (!(w.end > w.start)) throw new ResourceError(`第${n}条危险时段：结束时间必须晚于开始时间`);
    if (w.end > duration + 1e-9) throw new ResourceError(`第${n}条危险时段：结束时间不能超过视频时长`);
    const r = w.region ?? null;
    if (r && (r.w <= 0 || r.h <= 0)) throw new ResourceError(`第${n}条危险时段：区域的宽和高必须大于0`);
    if (r && (r.x + r.w > 1.000001 || r.y + r.h > 1.000001)) throw new ResourceError(`第${n}条危险时段：区域超出了画面范围`);
    return { start: ms(w.start), end: ms(w.end), region: r, title: w.title, explanation: w.explanation ?? null };
  });
}

/** The stored windows of a clip (an unreadable column reads as none). */
export function readWindows(json: string | null | undefined): ClipWindow[] {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? (v as ClipWindow[]) : [];
  } catch {
    return [];
  }
}

export async function clipDetail(db: Kysely<any>, id: string) {
  const row = await db.selectFrom('stuHazardClip').select('windowsJson').where('id', '=', id).executeTakeFirst();
  return { windows: readWindows(row?.windowsJson) };
}

const CLIP_DEFAULTS = { ...CLIP_PATTERN_DEFAULTS, published: 0, sortNo: 0 };

export const hazardClipResource: ResourceDef = {
  label: '危险预判视频',
  table: 'stuHazardClip',
  path: '/students/hazardClip',
  permission: 'students:hazardClip',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  without: ['queryById'],
  fields: [
    idField,
    { name: 'title', type: 'string', title: '标题', required: true, max: 200 },
    { name: 'filePath', type: 'string', title: '视频文件', required: true, max: 500 },
    { name: 'cover', type: 'string', title: '封面', max: 500 },
    {
      name: 'durationSeconds',
      type: 'number',
      title: '时长（秒）',
      required: true,
      check: z.number().min(1, '视频时长至少1秒').max(MAX_DURATION, '视频时长不能超过3600秒'),
    },
    { name: 'description', type: 'string', title: '说明', max: 1000 },
    { name: 'burstTaps', type: 'int', title: '连点上限', check: nonNegative('连点上限') },
    { name: 'burstSeconds', type: 'number', title: '连点时间（秒）', check: z.number().min(0.1, '连点时间至少0.1秒').max(60, '连点时间不能超过60秒') },
    { name: 'rhythmTaps', type: 'int', title: '节奏点击次数', check: z.number().int().min(0, '节奏点击次数不能小于0').refine((n) => n === 0 || n >= 3, '节奏点击次数为0（不检测）或至少3次') },
    { name: 'rhythmTolerance', type: 'int', title: '节奏误差（%）', check: z.number().int().min(0, '节奏误差不能小于0').max(100, '节奏误差不能超过100') },
    ...contentFields,
    ...auditFields,
  ],
  extraInput: { windows: z.array(z.unknown(), { error: '危险时段格式不正确' }).optional() },
  hooks: {
    beforeSave(row, _ctx, mode) {
      fillDefaults(hazardClipResource.fields, CLIP_DEFAULTS)(row, mode);
      for (const key of ['filePath', 'cover']) if (row[key]) pathList(row[key], key === 'cover' ? '封面' : '视频文件');
    },
    // the windows are checked against the duration as saved, also when only the duration changed
    async afterSave(row, input, ctx, mode) {
      const id = String(row.id);
      const saved = await ctx.db.selectFrom('stuHazardClip').select(['durationSeconds', 'windowsJson']).where('id', '=', id).executeTakeFirstOrThrow();
      const duration = Number(saved.durationSeconds);
      const raw = input.windows !== undefined || mode === 'add' ? (input.windows ?? []) : readWindows(saved.windowsJson);
      const windows = checkWindows(raw, duration);
      if (!windows.length) throw new ResourceError('至少要标出一个危险时段');
      await ctx.db.updateTable('stuHazardClip').set({ windowsJson: JSON.stringify(windows) }).where('id', '=', id).execute();
    },
    async beforeDelete(ids, ctx) {
      const played = await ctx.db.selectFrom('stuHazardClipRun as r').innerJoin('stuHazardClip as c', 'c.id', 'r.clipId').select('c.title').where('r.clipId', 'in', ids).where('r.status', '=', 'done').executeTakeFirst();
      if (played) throw new ResourceError(`危险预判视频“${played.title}”已有学生作答，不能删除，可改为不发布`);
      await ctx.db.deleteFrom('stuHazardClipRun').where('clipId', 'in', ids).execute();
    },
    async decorate(records, ctx) {
      const ids = records.map((r) => String(r.id));
      if (!ids.length) return;
      const rows = await ctx.db.selectFrom('stuHazardClip').select(['id', 'windowsJson']).where('id', 'in', ids).execute();
      const counts = new Map(rows.map((r) => [String(r.id), readWindows(r.windowsJson).length]));
      for (const r of records) r.windowCount = counts.get(String(r.id)) ?? 0;
    },
  },
};

/**
 * 危险预判成绩: the submitted runs of a clip, newest first, with who watched it, for the clip's editors (the
 * caller must be able to read the clip, so its tenant's rules hold).
 */
export function registerClipResults(app: FastifyInstance, clips: ResourceService) {
  const { db } = app.ctx;
  app.get(`${hazardClipResource.path}/results`, { config: { permission: `${hazardClipResource.permission}:list` }, schema: { tags: ['安全教育'], summary: '危险预判成绩' } }, async (req) => {
    const clipId = (req.query as { clipId?: unknown }).clipId;
    if (typeof clipId !== 'string' || !clipId || clipId.length > 32) throw new ResourceError('缺少id');
    await clips.getById(db, callerOf(req), clipId);
    const runs = await db
      .selectFrom('stuHazardClipRun')
      .select(['id', 'userId', 'score', 'maxScore', 'patterned', 'submittedAt'])
      .where('clipId', '=', clipId)
      .where('status', '=', 'done')
      .orderBy('submittedAt', 'desc')
      .limit(500)
      .execute();
    const names = await userNames(db, runs.map((r) => r.userId));
    return ok(
      runs.map((r) => ({
        runId: r.id,
        userId: r.userId,
        name: names.get(r.userId) ?? '',
        score: Number(r.score),
        maxScore: Number(r.maxScore),
        patterned: Number(r.patterned) > 0,
        submittedAt: r.submittedAt === null ? null : formatDateTime(new Date(Number(r.submittedAt))),
      })),
    );
  });
}
