import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import {
  hazardClickInput,
  hazardHintInput,
  hazardPlayInput,
  startHazardInput,
  STUDY_PERMISSION,
  type HazardClickResult,
  type HazardHint,
  type HazardPlayView,
  type HazardRegionView,
  type HazardSceneCard,
  type RegionGeometry,
} from '@anxue/shared';
import { ok } from '../../../core/http';
import { formatDateTime, newId, type Db } from '../../../core/db';
import type { Database } from '../../../core/db/schema';
import { progressRecorded } from '../assignment/stored';
import { addStudyDictTexts, imageAddress, inTenant, lockRow, millis, publishedContent, refuse, secondsLeft, studyCaller, type StudyCaller } from './common';
import { hitTest, parseRegion, regionCentre } from './hit-test';

export const HAZARD_MESSAGES = {
  sceneMissing: '隐患排查题不存在或未发布',
  playMissing: '排查记录不存在',
  outside: '点击位置超出图片范围',
  finished: '本次排查已结束',
  timeUp: '时间已到，本次排查已结束',
  noHints: '提示次数已用完',
  allFound: '已找到全部隐患',
} as const;

type Tx = Kysely<Database> | Transaction<Database>;
const SCENE_COLUMNS = ['id', 'title', 'image', 'imageWidth', 'imageHeight', 'description', 'requiredCount', 'timeLimitSeconds', 'hintsAllowed', 'hitScore', 'wrongPenalty', 'timeBonusPerSecond'] as const;
const PLAY_COLUMNS = ['id', 'sceneId', 'userId', 'status', 'startedAt', 'deadlineAt', 'foundCount', 'missCount', 'hintsUsed', 'score'] as const;
type Scene = { id: string; title: string; image: string | null; imageWidth: number; imageHeight: number; description: string | null; requiredCount: number; timeLimitSeconds: number; hintsAllowed: number; hitScore: number; wrongPenalty: number; timeBonusPerSecond: number };
type Play = { id: string; sceneId: string; userId: string; status: string; startedAt: number | string; deadlineAt: number | string | null; foundCount: number; missCount: number; hintsUsed: number; score: number };
type Region = { id: string; geometry: RegionGeometry; title: string; risk: string | null; fix: string | null };

/** Final score of a play: hits × hit score − misses × penalty + seconds left × bonus (when complete), never below 0. */
export function hazardScore(scene: Pick<Scene, 'hitScore' | 'wrongPenalty' | 'timeBonusPerSecond'>, found: number, misses: number, secondsLeftAtEnd: number): number {
  return Math.max(0, found * scene.hitScore - misses * scene.wrongPenalty + secondsLeftAtEnd * scene.timeBonusPerSecond);
}

const regionView = (r: Region): HazardRegionView => ({ id: r.id, shape: r.geometry.shape, coords: r.geometry.coords, title: r.title, risk: r.risk, fix: r.fix });
const expired = (p: Play, now: number) => p.status === 'playing' && millis(p.deadlineAt) !== null && now >= millis(p.deadlineAt)!;

/** Hazard spotting: taps judged on the server, hints, a timer, and a result showing every hazard. */
export class HazardService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
  ) {}
  private now() {
    return this.app.ctx.clock.now().getTime();
  }

  async scene(caller: StudyCaller, id: string, db: Tx = this.db): Promise<Scene> {
    const scene = await inTenant(db.selectFrom('stuHazardScene').select(SCENE_COLUMNS).where('id', '=', id).where('published', '=', 1), caller).executeTakeFirst();
    if (!scene) throw refuse(HAZARD_MESSAGES.sceneMissing);
    return scene;
  }

  async regions(db: Tx, sceneId: string): Promise<Region[]> {
    const rows = await db.selectFrom('stuHazardRegion').select(['id', 'shape', 'coords', 'title', 'risk', 'fix']).where('sceneId', '=', sceneId).orderBy('sortNo').orderBy('id').execute();
    // a region whose coordinates cannot be read is left out rather than failing the play
    return rows.flatMap((r) => {
      const geometry = parseRegion(r.shape, r.coords);
      return geometry ? [{ id: r.id, geometry, title: r.title, risk: r.risk, fix: r.fix }] : [];
    });
  }

  async play(caller: StudyCaller, id: string, db: Tx = this.db, lock = false): Promise<Play> {
    const qb = inTenant(db.selectFrom('stuHazardPlay').select(PLAY_COLUMNS).where('id', '=', id).where('userId', '=', caller.id), caller);
    const play = await (lock ? lockRow(qb, this.app.ctx.dialect) : qb).executeTakeFirst();
    if (!play) throw refuse(HAZARD_MESSAGES.playMissing);
    return play;
  }

  private async foundIds(db: Tx, playId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('stuHazardClick').select('regionId').where('playId', '=', playId).where('hint', '=', 0).where('regionId', 'is not', null).execute();
    return new Set(rows.map((r) => r.regionId!));
  }

  /**
   * Closes a play (at its end or its deadline) with its final score; false when it was already closed. The
   * time bonus is paid only when the required hazards were found: giving up early must not earn seconds.
   */
  private async close(db: Tx, scene: Scene, play: Play, now: number, timedOut: boolean): Promise<boolean> {
    const fresh = await db.selectFrom('stuHazardPlay').select(['foundCount', 'missCount']).where('id', '=', play.id).executeTakeFirstOrThrow();
    const regionCount = (await this.regions(db, scene.id)).length;
    const required = scene.requiredCount > 0 ? Math.min(scene.requiredCount, regionCount) : regionCount;
    const complete = fresh.foundCount >= required;
    const left = timedOut || !complete ? 0 : Math.max(0, Math.floor(((millis(play.deadlineAt) ?? now) - now) / 1000));
    const score = hazardScore(scene, fresh.foundCount, fresh.missCount, left);
    const r = await db.updateTable('stuHazardPlay').set({ status: 'done', finishedAt: now, score }).where('id', '=', play.id).where('status', '=', 'playing').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** After the deadline, any read or write first closes the play. */
  private async closeIfExpired(caller: StudyCaller, play: Play): Promise<Play> {
    const now = this.now();
    if (!expired(play, now)) return play;
    if (await this.close(this.db, await this.sceneOf(play), play, now, true)) await this.recorded(caller, play.sceneId, now);
    return this.play(caller, play.id);
  }

  /** A play closed: it counts towards assignments from now. */
  private recorded(caller: StudyCaller, sceneId: string, now: number) {
    return progressRecorded(this.db, caller, { sceneId }, new Date(now), this.app.log);
  }

  private async sceneOf(play: Play): Promise<Scene> {
    return this.db.selectFrom('stuHazardScene').select(SCENE_COLUMNS).where('id', '=', play.sceneId).executeTakeFirstOrThrow();
  }

  async view(play: Play, db: Tx = this.db): Promise<HazardPlayView> {
    const scene = await db.selectFrom('stuHazardScene').select(SCENE_COLUMNS).where('id', '=', play.sceneId).executeTakeFirstOrThrow();
    const [regions, clicks] = await Promise.all([
      this.regions(db, scene.id),
      db.selectFrom('stuHazardClick').select(['x', 'y', 'regionId', 'hint']).where('playId', '=', play.id).orderBy('at').orderBy('id').execute(),
    ]);
    const found = new Set(clicks.filter((c) => c.hint === 0 && c.regionId).map((c) => c.regionId!));
    const done = play.status === 'done';
    const now = this.now();
    return {
      id: play.id,
      sceneId: scene.id,
      title: scene.title,
      image: imageAddress(this.app, scene.image),
      imageWidth: scene.imageWidth,
      imageHeight: scene.imageHeight,
      description: scene.description,
      status: done ? 'done' : 'playing',
      regionCount: regions.length,
      requiredCount: scene.requiredCount > 0 ? Math.min(scene.requiredCount, regions.length) : regions.length,
      foundCount: play.foundCount,
      missCount: play.missCount,
      hitScore: scene.hitScore,
      wrongPenalty: scene.wrongPenalty,
      hintsAllowed: scene.hintsAllowed,
      hintsUsed: play.hintsUsed,
      remainingSeconds: done ? null : secondsLeft(millis(play.deadlineAt), now),
      score: done ? play.score : hazardScore(scene, play.foundCount, play.missCount, 0),
      found: regions.filter((r) => found.has(r.id)).map(regionView),
      ...(done ? { regions: regions.map(regionView) } : {}),
      misses: clicks.filter((c) => c.hint === 0 && !c.regionId).map((c) => ({ x: Number(c.x), y: Number(c.y) })),
    };
  }

  async scenes(caller: StudyCaller): Promise<HazardSceneCard[]> {
    const rows = await publishedContent(
      this.db
        .selectFrom('stuHazardScene as s')
        .select((eb) => [
          's.id',
          's.title',
          's.image',
          's.description',
          's.category',
          's.gradeBand',
          's.requiredCount',
          's.timeLimitSeconds',
          eb.selectFrom('stuHazardRegion as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.sceneId', '=', 's.id').as('regionCount'),
          eb.selectFrom('stuHazardPlay as p').select((e) => e.fn.max('p.score').as('best')).whereRef('p.sceneId', '=', 's.id').where('p.userId', '=', caller.id).where('p.status', '=', 'done').as('bestScore'),
          eb.selectFrom('stuHazardPlay as p2').select(eb.fn.countAll<number>().as('n')).whereRef('p2.sceneId', '=', 's.id').where('p2.userId', '=', caller.id).as('plays'),
          eb.selectFrom('stuHazardPlay as p3').select((e) => e.fn.max('p3.id').as('open')).whereRef('p3.sceneId', '=', 's.id').where('p3.userId', '=', caller.id).where('p3.status', '=', 'playing').as('openPlayId'),
        ]),
      caller,
      {},
    )
      .orderBy('s.sortNo')
      .orderBy('s.createTime', 'desc')
      .orderBy('s.id')
      .execute();
    const cards: HazardSceneCard[] = rows.map((r) => {
      const regionCount = Number(r.regionCount ?? 0);
      return {
        id: r.id,
        title: r.title,
        image: imageAddress(this.app, r.image),
        description: r.description,
        category: r.category,
        gradeBand: r.gradeBand,
        regionCount,
        requiredCount: r.requiredCount > 0 ? Math.min(r.requiredCount, regionCount) : regionCount,
        timeLimitSeconds: r.timeLimitSeconds,
        bestScore: r.bestScore === null || r.bestScore === undefined ? null : Number(r.bestScore),
        plays: Number(r.plays ?? 0),
        openPlayId: (r.openPlayId as string | null) ?? null,
      };
    });
    await addStudyDictTexts(this.db, cards);
    return cards;
  }

  async start(caller: StudyCaller, sceneId: string): Promise<HazardPlayView> {
    const scene = await this.scene(caller, sceneId);
    const open = await this.db.selectFrom('stuHazardPlay').select(PLAY_COLUMNS).where('sceneId', '=', scene.id).where('userId', '=', caller.id).where('status', '=', 'playing').orderBy('startedAt', 'desc').executeTakeFirst();
    if (open) {
      const current = await this.closeIfExpired(caller, open);
      if (current.status === 'playing') return this.view(current);
    }
    const now = this.now();
    const id = newId();
    try {
      await this.db
        .insertInto('stuHazardPlay')
        .values({ id, tenantId: caller.tenantId, sceneId: scene.id, userId: caller.id, status: 'playing', startedAt: now, deadlineAt: scene.timeLimitSeconds > 0 ? now + scene.timeLimitSeconds * 1000 : null, createTime: formatDateTime(new Date(now)) })
        .execute();
    } catch (err) {
      // a start that raced another one: the index keeps one unfinished play per scene and student, resume it
      const raced = await this.db.selectFrom('stuHazardPlay').select(PLAY_COLUMNS).where('sceneId', '=', scene.id).where('userId', '=', caller.id).where('status', '=', 'playing').executeTakeFirst();
      if (!raced) throw err;
      return this.view(raced);
    }
    return this.view(await this.play(caller, id));
  }

  async read(caller: StudyCaller, playId: string): Promise<HazardPlayView> {
    return this.view(await this.closeIfExpired(caller, await this.play(caller, playId)));
  }

  /** A playing play, or the refusal that says why not (closing it first when its time ran out). */
  private async playing(caller: StudyCaller, playId: string): Promise<Play> {
    const before = await this.play(caller, playId);
    const play = await this.closeIfExpired(caller, before);
    if (play.status !== 'playing') throw refuse(before.status === 'playing' ? HAZARD_MESSAGES.timeUp : HAZARD_MESSAGES.finished);
    return play;
  }

  async click(caller: StudyCaller, playId: string, x: number, y: number): Promise<HazardClickResult> {
    if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) throw refuse(HAZARD_MESSAGES.outside);
    await this.playing(caller, playId);
    const now = this.now();
    let closed: string | null = null;
    const result = await this.db.transaction().execute(async (trx) => {
      const play = await this.play(caller, playId, trx, true);
      if (play.status !== 'playing') throw refuse(HAZARD_MESSAGES.finished);
      const scene = await trx.selectFrom('stuHazardScene').select(SCENE_COLUMNS).where('id', '=', play.sceneId).executeTakeFirstOrThrow();
      const regions = await this.regions(trx, scene.id);
      const found = await this.foundIds(trx, play.id);
      const size = { width: scene.imageWidth, height: scene.imageHeight };
      const hits = regions.filter((r) => hitTest(r.geometry, x, y, size));
      const fresh = hits.find((r) => !found.has(r.id));
      if (!fresh && hits.length) return { hit: null, alreadyFound: true, play: await this.view(play, trx) };
      await trx.insertInto('stuHazardClick').values({ id: newId(), tenantId: caller.tenantId, playId: play.id, x, y, regionId: fresh?.id ?? null, hint: 0, at: now }).execute();
      await trx
        .updateTable('stuHazardPlay')
        .set((eb) => (fresh ? { foundCount: eb('foundCount', '+', 1) } : { missCount: eb('missCount', '+', 1) }))
        .where('id', '=', play.id)
        .execute();
      const required = scene.requiredCount > 0 ? Math.min(scene.requiredCount, regions.length) : regions.length;
      if (fresh && found.size + 1 >= required && (await this.close(trx, scene, play, now, false))) closed = play.sceneId;
      const after = await this.play(caller, play.id, trx);
      return { hit: fresh ? regionView(fresh) : null, alreadyFound: false, play: await this.view(after, trx) };
    });
    if (closed) await this.recorded(caller, closed, now);
    return result;
  }

  async hint(caller: StudyCaller, playId: string): Promise<HazardHint> {
    await this.playing(caller, playId);
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      const play = await this.play(caller, playId, trx, true);
      if (play.status !== 'playing') throw refuse(HAZARD_MESSAGES.finished);
      const scene = await trx.selectFrom('stuHazardScene').select(SCENE_COLUMNS).where('id', '=', play.sceneId).executeTakeFirstOrThrow();
      if (play.hintsUsed >= scene.hintsAllowed) throw refuse(HAZARD_MESSAGES.noHints);
      const found = await this.foundIds(trx, play.id);
      const target = (await this.regions(trx, scene.id)).find((r) => !found.has(r.id));
      if (!target) throw refuse(HAZARD_MESSAGES.allFound);
      const centre = regionCentre(target.geometry, { width: scene.imageWidth, height: scene.imageHeight });
      // a circle a little larger than the hazard, so the hint points to the area without outlining it
      const hint = { cx: centre.cx, cy: centre.cy, r: Math.min(0.5, Math.max(centre.r * 1.5, 0.05)) };
      await trx.insertInto('stuHazardClick').values({ id: newId(), tenantId: caller.tenantId, playId: play.id, x: hint.cx, y: hint.cy, regionId: target.id, hint: 1, at: now }).execute();
      await trx.updateTable('stuHazardPlay').set((eb) => ({ hintsUsed: eb('hintsUsed', '+', 1) })).where('id', '=', play.id).execute();
      return { ...hint, play: await this.view(await this.play(caller, play.id, trx), trx) };
    });
  }

  async finish(caller: StudyCaller, playId: string): Promise<HazardPlayView> {
    const play = await this.closeIfExpired(caller, await this.play(caller, playId));
    const now = this.now();
    if (play.status === 'playing' && (await this.close(this.db, await this.sceneOf(play), play, now, false))) await this.recorded(caller, play.sceneId, now);
    return this.view(await this.play(caller, playId));
  }
}

export function registerHazardRoutes(app: FastifyInstance) {
  const service = new HazardService(app, app.ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: STUDY_PERMISSION };
  const tags = ['学习园地'];
  api.get('/students/study/hazards', { config, schema: { tags, summary: '隐患排查题（含我的最好成绩）' } }, async (req) => ok(await service.scenes(studyCaller(req))));
  api.post('/students/study/hazard/start', { config, schema: { tags, summary: '开始排查（有未完成的则继续）', body: startHazardInput } }, async (req) => ok(await service.start(studyCaller(req), req.body.sceneId)));
  api.get('/students/study/hazard/play', { config, schema: { tags, summary: '本次排查', querystring: z.object({ id: z.string().min(1).max(32) }) } }, async (req) => ok(await service.read(studyCaller(req), req.query.id)));
  api.post('/students/study/hazard/click', { config, schema: { tags, summary: '点击图片（服务器判定）', body: hazardClickInput } }, async (req) => ok(await service.click(studyCaller(req), req.body.playId, req.body.x, req.body.y)));
  api.post('/students/study/hazard/hint', { config, schema: { tags, summary: '提示一处未找到的隐患', body: hazardHintInput } }, async (req) => ok(await service.hint(studyCaller(req), req.body.playId)));
  api.post('/students/study/hazard/finish', { config, schema: { tags, summary: '结束排查，显示全部隐患', body: hazardPlayInput } }, async (req) => ok(await service.finish(studyCaller(req), req.body.playId)));
}
