// 危险预判, hazard perception on video. start hands the player the clip (a signed video address, never the
// windows) and opens a run bound to the student with the server's start time and a random id; submit
// takes the taps once, after the clip could have been watched to its end, scores them and keeps the result
// with a copy of the windows, so a review and a teacher read what the student was scored against.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { STUDY_PERMISSION } from '@anxue/shared';
import {
  CLIP_WINDOW_MAX,
  hazardClipStartInput,
  hazardClipSubmitInput,
  type ClipWindowResult,
  type HazardClipCard,
  type HazardClipReview,
  type HazardClipStart,
} from '@anxue/shared/hazard-clip';
import { ok } from '../../../core/http';
import { formatDateTime, type Db } from '../../../core/db';
import { ms, readWindows } from '../content/hazard-clip';
import { progressRecorded } from '../assignment/stored';
import { addStudyDictTexts, imageAddress, inTenant, millis, publishedContent, refuse, studyCaller, type StudyCaller } from './common';
import { patternFired, scoreWindows, type PatternRule } from './clip-scoring';
import type { MediaSigner } from './media';

export const CLIP_MESSAGES = {
  clipMissing: '危险预判视频不存在或未发布',
  runMissing: '观看记录不存在',
  submitted: '本次观看已经提交过，不能重复提交',
  notSubmitted: '本次观看还没有提交',
  tooEarly: '视频还没有播放完，提交无效',
  expired: '本次观看已过期，请重新开始',
  notNumbers: '点击时间必须是数字',
  unsorted: '点击时间必须按先后顺序排列',
  outside: '点击时间超出了视频范围',
  burst: '点击过于密集，本次成绩记为0分',
  rhythm: '点击节奏过于规律，本次成绩记为0分',
  saved: '提交成功',
} as const;

/** How much sooner than the clip's length a submission may arrive (the clocks of the page and the server). */
export const EARLY_TOLERANCE_MS = 1000;
/** A run left open longer than this after its clip's end can no longer be submitted. */
export const RUN_TTL_MS = 2 * 60 * 60 * 1000;

const CLIP_COLUMNS = ['id', 'title', 'filePath', 'cover', 'durationSeconds', 'description', 'windowsJson', 'burstTaps', 'burstSeconds', 'rhythmTaps', 'rhythmTolerance'] as const;

/** The taps as sent, checked: numbers, in order, inside the clip; refused with the first reason otherwise. */
export function checkTaps(taps: unknown[], duration: number): number[] {
  const out: number[] = [];
  for (const t of taps) {
    if (typeof t !== 'number' || !Number.isFinite(t)) throw refuse(CLIP_MESSAGES.notNumbers);
    if (t < 0 || t > duration) throw refuse(CLIP_MESSAGES.outside);
    if (out.length && t < out[out.length - 1]!) throw refuse(CLIP_MESSAGES.unsorted);
    out.push(ms(t));
  }
  return out;
}

interface StoredResult {
  windows: ClipWindowResult[];
}

export class HazardClipService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly signer: MediaSigner,
  ) {}
  private now() {
    return this.app.ctx.clock.now().getTime();
  }

  async clips(caller: StudyCaller): Promise<HazardClipCard[]> {
    const rows = await publishedContent(
      this.db
        .selectFrom('stuHazardClip as c')
        .select((eb) => [
          'c.id',
          'c.title',
          'c.cover',
          'c.description',
          'c.durationSeconds',
          'c.windowsJson',
          'c.category',
          'c.gradeBand',
          eb.selectFrom('stuHazardClipRun as r').select((e) => e.fn.max('r.score').as('best')).whereRef('r.clipId', '=', 'c.id').where('r.userId', '=', caller.id).where('r.status', '=', 'done').as('bestScore'),
          eb.selectFrom('stuHazardClipRun as r2').select(eb.fn.countAll<number>().as('n')).whereRef('r2.clipId', '=', 'c.id').where('r2.userId', '=', caller.id).where('r2.status', '=', 'done').as('runs'),
        ]),
      caller,
      {},
    )
      .orderBy('c.sortNo')
      .orderBy('c.createTime', 'desc')
      .orderBy('c.id')
      .execute();
    const cards: HazardClipCard[] = rows.map((r) => {
      const windowCount = readWindows(r.windowsJson).length;
      return {
        id: r.id,
        title: r.title,
        cover: imageAddress(this.app, r.cover),
        description: r.description,
        duration: Number(r.durationSeconds),
        category: r.category,
        gradeBand: r.gradeBand,
        windowCount,
        maxScore: windowCount * CLIP_WINDOW_MAX,
        bestScore: r.bestScore === null || r.bestScore === undefined ? null : Number(r.bestScore),
        runs: Number(r.runs ?? 0),
      };
    });
    await addStudyDictTexts(this.db, cards);
    return cards;
  }

  async start(caller: StudyCaller, clipId: string): Promise<HazardClipStart> {
    const clip = await inTenant(this.db.selectFrom('stuHazardClip').select(CLIP_COLUMNS).where('id', '=', clipId).where('published', '=', 1), caller).executeTakeFirst();
    if (!clip) throw refuse(CLIP_MESSAGES.clipMissing);
    const now = this.now();
    // 128 random bits: a run id cannot be guessed, and it is bound to this student besides
    const runId = randomBytes(16).toString('hex');
    const duration = Number(clip.durationSeconds);
    await this.db
      .insertInto('stuHazardClipRun')
      .values({ id: runId, tenantId: caller.tenantId, clipId: clip.id, userId: caller.id, status: 'open', startedAt: now, durationSeconds: duration, createTime: formatDateTime(new Date(now)) })
      .execute();
    return {
      runId,
      clip: { id: clip.id, title: clip.title, videoUrl: await this.signer.address(this.app.ctx.config.apiBase, clip.filePath, now), duration, description: clip.description },
    };
  }

  private async run(caller: StudyCaller, runId: string) {
    const run = await inTenant(
      this.db.selectFrom('stuHazardClipRun').selectAll().where('id', '=', runId).where('userId', '=', caller.id),
      caller,
    ).executeTakeFirst();
    if (!run) throw refuse(CLIP_MESSAGES.runMissing);
    return run;
  }

  async submit(caller: StudyCaller, runId: string, rawTaps: unknown[]): Promise<HazardClipReview> {
    const run = await this.run(caller, runId);
    if (run.status !== 'open') throw refuse(CLIP_MESSAGES.submitted);
    const duration = Number(run.durationSeconds);
    const taps = checkTaps(rawTaps, duration);
    const now = this.now();
    const elapsed = now - millis(run.startedAt)!;
    if (elapsed < duration * 1000 - EARLY_TOLERANCE_MS) throw refuse(CLIP_MESSAGES.tooEarly);
    if (elapsed > duration * 1000 + RUN_TTL_MS) throw refuse(CLIP_MESSAGES.expired);
    const clip = await this.db.selectFrom('stuHazardClip').select(CLIP_COLUMNS).where('id', '=', run.clipId).executeTakeFirstOrThrow();
    const windows = readWindows(clip.windowsJson);
    const rule: PatternRule = { burstTaps: clip.burstTaps, burstSeconds: Number(clip.burstSeconds), rhythmTaps: clip.rhythmTaps, rhythmTolerance: clip.rhythmTolerance };
    const fired = patternFired(taps, rule);
    const scored = scoreWindows(windows, taps);
    const results: ClipWindowResult[] = windows.map((w, i) => ({ ...w, score: fired ? 0 : scored[i]!.score, tap: scored[i]!.tap }));
    const total = results.reduce((a, w) => a + w.score, 0);
    const stored: StoredResult = { windows: results };
    // only an open run is closed: of two submissions racing, one writes and the other is refused
    const r = await this.db
      .updateTable('stuHazardClipRun')
      .set({
        status: 'done',
        submittedAt: now,
        tapsJson: JSON.stringify(taps),
        windowsJson: JSON.stringify(stored),
        score: total,
        maxScore: windows.length * CLIP_WINDOW_MAX,
        patterned: fired === 'burst' ? 1 : fired === 'rhythm' ? 2 : 0,
      })
      .where('id', '=', run.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw refuse(CLIP_MESSAGES.submitted);
    // a submitted run counts towards assignments holding the clip from now
    await progressRecorded(this.db, caller, { clipId: run.clipId }, new Date(now), this.app.log);
    return this.review(caller, run.id);
  }

  async review(caller: StudyCaller, runId: string): Promise<HazardClipReview> {
    const run = await this.run(caller, runId);
    if (run.status !== 'done') throw refuse(CLIP_MESSAGES.notSubmitted);
    const clip = await this.db.selectFrom('stuHazardClip').select(['title']).where('id', '=', run.clipId).executeTakeFirst();
    return runReview(run, clip?.title ?? '');
  }
}

type RunRow = { id: string; clipId: string; durationSeconds: number; tapsJson: string | null; windowsJson: string | null; score: number; maxScore: number; patterned: number; submittedAt: number | string | null };

/** A submitted run as its review shows it. */
export function runReview(run: RunRow, title: string): HazardClipReview {
  const parse = <T>(json: string | null, fallback: T): T => {
    try {
      return (JSON.parse(json ?? '') as T) ?? fallback;
    } catch {
      return fallback;
    }
  };
  const patterned = Number(run.patterned);
  const submitted = millis(run.submittedAt);
  return {
    runId: run.id,
    clipId: run.clipId,
    title,
    duration: Number(run.durationSeconds),
    taps: parse<number[]>(run.tapsJson, []),
    windows: parse<StoredResult>(run.windowsJson, { windows: [] }).windows,
    total: Number(run.score),
    maxScore: Number(run.maxScore),
    patterned: patterned > 0,
    warning: patterned === 1 ? CLIP_MESSAGES.burst : patterned === 2 ? CLIP_MESSAGES.rhythm : null,
    submittedAt: submitted === null ? null : formatDateTime(new Date(submitted)),
  };
}

export function registerHazardClipRoutes(app: FastifyInstance, signer: MediaSigner) {
  const service = new HazardClipService(app, app.ctx.db, signer);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: STUDY_PERMISSION };
  const tags = ['学习园地'];
  api.get('/students/study/hazardClips', { config, schema: { tags, summary: '危险预判视频（含我的最好成绩）' } }, async (req) => ok(await service.clips(studyCaller(req))));
  api.post('/students/study/hazardClip/start', { config, schema: { tags, summary: '开始观看危险预判视频', body: hazardClipStartInput } }, async (req) => ok(await service.start(studyCaller(req), req.body.clipId)));
  api.post('/students/study/hazardClip/submit', { config, schema: { tags, summary: '提交危险预判的点击', body: hazardClipSubmitInput } }, async (req) => {
    const review = await service.submit(studyCaller(req), req.body.runId, req.body.taps);
    return ok(review, review.warning ?? CLIP_MESSAGES.saved);
  });
  api.get('/students/study/hazardClip/review', { config, schema: { tags, summary: '危险预判回看', querystring: z.object({ runId: z.string().min(1).max(32) }) } }, async (req) =>
    ok(await service.review(studyCaller(req), req.query.runId)),
  );
}
