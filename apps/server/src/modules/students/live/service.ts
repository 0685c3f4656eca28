// 课堂答题: a live quiz run by a class's teacher on the classroom screen. Every step is a row in the database
// (the session and its current question, the frozen questions, who joined, each answer), so any node answers
// any call and a phone that reloads reads where it was; the socket only says "something changed".
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import {
  LIVE_HAZARD_TAPS,
  LIVE_SECONDS,
  type LiveAnswerSaved,
  type LiveAssignmentChoice,
  type LiveBankQuestion,
  type LiveScene,
  type LiveSceneDetail,
  type LiveBar,
  type LivePaper,
  type LivePhase,
  type LivePushFrame,
  type LiveQuestion,
  type LiveStarted,
  type LiveState,
  type LiveSummary,
} from '@anxue/shared/live';
import { QUESTION_TYPES, type QuestionType } from '@anxue/shared';
import type { MessageBus } from '../../../core/bus';
import type { Transaction } from 'kysely';
import { formatDateTime, isUniqueViolation, newId, type Db } from '../../../core/db';
import type { Database } from '../../../core/db/schema';
import { NOTICE_CHANNEL, type NoticePush } from '../../notice';
import { progressRecorded } from '../assignment/stored';
import { AttemptService, MESSAGES as ATTEMPT_MESSAGES, paperTotals } from '../study/attempts';
import { imageAddress, inTenant, millis, refuse, type StudyCaller } from '../study/common';
import { HAZARD_MESSAGES, HazardService, hazardScore } from '../study/hazards';
import { hitTest } from '../study/hit-test';
import { freezeOptions, type FrozenOption } from '../study/paper-drawer';
import { normalizeAnswer, scoreAnswer } from '../study/scoring';
import { recordOutcomes } from '../study/wrong-book';

export const LIVE_MESSAGES = {
  notTeacher: '只有本班教师可以发起和主持课堂答题',
  missing: '课堂不存在',
  badCode: '课堂码不存在或课堂已结束',
  notStudent: '你不是这个班的学生，不能加入本次课堂',
  notJoined: '请先输入课堂码加入课堂',
  notInSession: '你没有参加这个课堂',
  ended: '课堂已结束',
  noQuestion: '老师还没有出题',
  notCurrent: '这道题已经不是当前题目',
  closed: '本题作答时间已到，不能再提交',
  answered: '本题已作答，不能修改',
  empty: '请选择答案',
  last: '已经是最后一题',
  noQuestions: '没有可用的题目',
  questionsMissing: '有题目不存在或已删除',
  summaryLater: '课堂结束后可以查看小结',
  codesBusy: '暂时无法生成课堂码，请稍后再试',
  notHazard: '这个课堂不是隐患排查',
  notQuiz: '隐患排查课堂没有选择题',
  noTapping: '老师还没有开始排查或排查已结束',
  tapsUsed: '点击次数已用完',
  sceneNoRegions: '这张隐患图还没有标注隐患',
  assignmentMissing: '作业不存在或没有布置给本班',
  assignmentMismatch: '这份作业里没有本次课堂使用的试卷或隐患图',
  assignmentNeedsPaper: '从题库选题的课堂不能计入作业，请选择作业里的试卷',
  badQuestionType: '课堂答题只能使用单选、多选和判断题',
} as const;

/** A session whose teacher took no step for this long is over (a forgotten screen gives its code back). */
export const LIVE_IDLE_MS = 6 * 3600_000;
/** An answer sent as the countdown ends still counts if it arrives this soon after (the phone's network). */
export const LIVE_GRACE_MS = 1000;

type SessionRow = {
  id: string;
  tenantId: number;
  classId: string;
  title: string;
  code: string;
  status: string;
  currentIndex: number;
  questionCount: number;
  activeAt: number | string;
  kind: string;
  paperId: string | null;
  sceneId: string | null;
  assignmentId: string | null;
};
const SESSION_COLUMNS = ['id', 'tenantId', 'classId', 'title', 'code', 'status', 'currentIndex', 'questionCount', 'activeAt', 'kind', 'paperId', 'sceneId', 'assignmentId'] as const;
type ItemRow = {
  id: string;
  sortNo: number;
  questionId: string;
  type: string;
  stem: string;
  optionsJson: string;
  correctAnswer: string;
  openedAt: number | string | null;
  deadlineAt: number | string | null;
  revealed: number;
  fullScore: number;
};
const ITEM_COLUMNS = ['id', 'sortNo', 'questionId', 'type', 'stem', 'optionsJson', 'correctAnswer', 'openedAt', 'deadlineAt', 'revealed', 'fullScore'] as const;

const percentOf = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : null);
const labelsOf = (answer: string) => (answer ? answer.split(',') : []);

export class LiveService {
  private readonly db: Db;
  private readonly bus: MessageBus;
  private readonly attempts: AttemptService;
  private readonly hazards: HazardService;

  constructor(
    private readonly app: FastifyInstance,
    private readonly log: FastifyBaseLogger = app.log,
  ) {
    this.db = app.ctx.db;
    this.bus = app.ctx.bus;
    this.attempts = new AttemptService(app, app.ctx.db);
    this.hazards = new HazardService(app, app.ctx.db);
  }

  private now() {
    return this.app.ctx.clock.now().getTime();
  }

  private ended(s: SessionRow, now: number) {
    return s.status !== 'open' || now - millis(s.activeAt)! > LIVE_IDLE_MS;
  }

  private async teaches(classId: string, userId: string) {
    return !!(await this.db.selectFrom('stuClassMember').select('id').where('classId', '=', classId).where('userId', '=', userId).where('memberRole', '=', 'teacher').executeTakeFirst());
  }

  private async session(caller: StudyCaller, id: string): Promise<SessionRow> {
    const s = await inTenant(this.db.selectFrom('stuLiveSession').select(SESSION_COLUMNS).where('id', '=', id), caller).executeTakeFirst();
    if (!s) throw refuse(LIVE_MESSAGES.missing);
    // a session left idle for hours ends when next read, with its results counted as at 结束
    const now = this.now();
    if (s.status === 'open' && this.ended(s, now) && (await this.close(s, now))) return { ...s, status: 'ended' };
    return s;
  }

  /** The session, when the caller teaches its class (any of the class's teachers may run the screen). */
  private async taughtSession(caller: StudyCaller, id: string): Promise<SessionRow> {
    const s = await this.session(caller, id);
    if (!(await this.teaches(s.classId, caller.id))) throw refuse(LIVE_MESSAGES.notTeacher);
    return s;
  }

  private async isMember(sessionId: string, userId: string) {
    return !!(await this.db.selectFrom('stuLiveMember').select('id').where('sessionId', '=', sessionId).where('userId', '=', userId).executeTakeFirst());
  }

  private item(sessionId: string, index: number): Promise<ItemRow | undefined> {
    return this.db.selectFrom('stuLiveQuestion').select(ITEM_COLUMNS).where('sessionId', '=', sessionId).where('sortNo', '=', index).executeTakeFirst();
  }

  // ---- the socket: who hears a step ----

  private async teacherIds(classId: string): Promise<string[]> {
    return (await this.db.selectFrom('stuClassMember').select('userId').where('classId', '=', classId).where('memberRole', '=', 'teacher').execute()).map((r) => r.userId);
  }

  private async push(userIds: string[], frame: LivePushFrame) {
    if (!userIds.length) return;
    const push: NoticePush = { userIds, message: frame };
    // a lost push costs a phone a few seconds (it polls while its socket is down): never the step itself
    await this.bus.publish(NOTICE_CHANNEL, JSON.stringify(push)).catch((err) => this.log.warn({ err }, 'live quiz: push not sent'));
  }

  /** Tells the class's teachers and everyone who joined. */
  private async pushAll(s: Pick<SessionRow, 'id' | 'classId'>, event: LivePushFrame['event'], extra: Partial<LivePushFrame> = {}) {
    const [teachers, members] = await Promise.all([this.teacherIds(s.classId), this.db.selectFrom('stuLiveMember').select('userId').where('sessionId', '=', s.id).execute()]);
    await this.push([...new Set([...teachers, ...members.map((m) => m.userId)])], { cmd: 'live', sessionId: s.id, event, ...extra });
  }

  // ---- the teacher's steps ----

  async papers(caller: StudyCaller): Promise<LivePaper[]> {
    const papers = await inTenant(this.db.selectFrom('stuPaper').select(['id', 'title', 'mode']).where('published', '=', 1), caller).orderBy('createTime', 'desc').orderBy('id').execute();
    const totals = await paperTotals(this.db, papers);
    return papers.map((p) => ({ id: p.id, title: p.title, questionCount: totals.get(p.id)!.questionCount })).filter((p) => p.questionCount > 0);
  }

  /** The class's open session, if any (a teacher coming back to the screen). */
  async openOf(caller: StudyCaller, classId: string): Promise<LiveStarted | null> {
    if (!(await this.teaches(classId, caller.id))) throw refuse(LIVE_MESSAGES.notTeacher);
    const now = this.now();
    const s = await inTenant(this.db.selectFrom('stuLiveSession').select(SESSION_COLUMNS).where('classId', '=', classId).where('status', '=', 'open'), caller).orderBy('startedAt', 'desc').executeTakeFirst();
    return s && !this.ended(s, now) ? { id: s.id, code: s.code } : null;
  }

  /** Hazard pictures the teacher can show or play (published, in the tenant), with how many hazards each marks. */
  async scenes(caller: StudyCaller): Promise<LiveScene[]> {
    const rows = await inTenant(
      this.db
        .selectFrom('stuHazardScene as s')
        .select((eb) => ['s.id', 's.title', 's.image', eb.selectFrom('stuHazardRegion as r').select(eb.fn.countAll<number>().as('n')).whereRef('r.sceneId', '=', 's.id').as('regionCount')])
        .where('s.published', '=', 1),
      caller,
      's.tenantId',
    )
      .orderBy('s.sortNo')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, image: imageAddress(this.app, r.image), regionCount: Number(r.regionCount ?? 0) }));
  }

  /** One picture with every hazard, for the classroom screen (a teacher's view: the answers are on it). */
  async scene(caller: StudyCaller, id: string): Promise<LiveSceneDetail> {
    const scene = await this.hazards.scene(caller, id);
    const regions = await this.hazards.regions(this.db, scene.id);
    return {
      id: scene.id,
      title: scene.title,
      image: imageAddress(this.app, scene.image),
      imageWidth: scene.imageWidth,
      imageHeight: scene.imageHeight,
      description: scene.description,
      regionCount: regions.length,
      regions: regions.map((r) => ({ id: r.id, shape: r.geometry.shape, coords: r.geometry.coords, title: r.title, risk: r.risk, fix: r.fix })),
    };
  }

  /** The question bank as a teacher may use it in class: the tenant's choice questions, not deleted. */
  async bankQuestions(caller: StudyCaller, keyword?: string): Promise<LiveBankQuestion[]> {
    let q = inTenant(this.db.selectFrom('stuQuestion').select(['id', 'type', 'stem', 'category']).where('delFlag', '=', 0).where('type', 'in', [...QUESTION_TYPES]), caller);
    // wildcards typed by the teacher are dropped: LIKE escapes differ between the databases
    const words = keyword?.replace(/[\\%_]/g, '');
    if (words) q = q.where('stem', 'like', `%${words}%`);
    const rows = await q.orderBy('createTime', 'desc').orderBy('id').limit(200).execute();
    return rows.map((r) => ({ id: r.id, type: r.type as QuestionType, stem: r.stem, category: r.category }));
  }

  /** The class's assignments with the papers and pictures a session can count for. */
  async assignmentChoices(caller: StudyCaller, classId: string): Promise<LiveAssignmentChoice[]> {
    if (!(await this.teaches(classId, caller.id))) throw refuse(LIVE_MESSAGES.notTeacher);
    const list = await inTenant(
      this.db
        .selectFrom('stuAssignment as a')
        .innerJoin('stuAssignmentClass as c', 'c.assignmentId', 'a.id')
        .select(['a.id', 'a.title', 'a.dueTime'])
        .where('c.classId', '=', classId),
      caller,
      'a.tenantId',
    )
      .orderBy('a.dueTime', 'desc')
      .orderBy('a.id')
      .execute();
    if (!list.length) return [];
    const items = await this.db.selectFrom('stuAssignmentItem').select(['assignmentId', 'kind', 'itemId']).where('assignmentId', 'in', list.map((a) => a.id)).orderBy('sortNo').execute();
    const activityIds = items.filter((i) => i.kind === 'activity').map((i) => i.itemId);
    const activities = activityIds.length ? await this.db.selectFrom('stuActivity').select(['id', 'paperId']).where('id', 'in', activityIds).execute() : [];
    const paperOfActivity = new Map(activities.filter((a) => a.paperId).map((a) => [a.id, a.paperId!]));
    const paperIds = [...new Set([...items.filter((i) => i.kind === 'paper').map((i) => i.itemId), ...paperOfActivity.values()])];
    const sceneIds = [...new Set(items.filter((i) => i.kind === 'hazard').map((i) => i.itemId))];
    const [papers, scenes] = await Promise.all([
      paperIds.length ? this.db.selectFrom('stuPaper').select(['id', 'title']).where('id', 'in', paperIds).where('published', '=', 1).execute() : Promise.resolve([]),
      sceneIds.length ? this.db.selectFrom('stuHazardScene').select(['id', 'title']).where('id', 'in', sceneIds).where('published', '=', 1).execute() : Promise.resolve([]),
    ]);
    const paperBy = new Map(papers.map((p) => [p.id, p]));
    const sceneBy = new Map(scenes.map((p) => [p.id, p]));
    return list.map((a) => {
      const own = items.filter((i) => i.assignmentId === a.id);
      const paperIdsOf = [...new Set(own.flatMap((i) => (i.kind === 'paper' ? [i.itemId] : i.kind === 'activity' && paperOfActivity.has(i.itemId) ? [paperOfActivity.get(i.itemId)!] : [])))];
      return {
        id: a.id,
        title: a.title,
        dueTime: a.dueTime,
        papers: paperIdsOf.flatMap((id) => (paperBy.has(id) ? [paperBy.get(id)!] : [])),
        scenes: [...new Set(own.filter((i) => i.kind === 'hazard').map((i) => i.itemId))].flatMap((id) => (sceneBy.has(id) ? [sceneBy.get(id)!] : [])),
      };
    });
  }

  /**
   * The assignment a session counts for: given to the class, holding the session's paper (as a paper item or
   * an activity's quiz) or its hazard picture. A list of bank questions has no item to complete.
   */
  private async linkedAssignment(caller: StudyCaller, classId: string, assignmentId: string, what: { paperId?: string; sceneId?: string }): Promise<string> {
    const a = await inTenant(
      this.db.selectFrom('stuAssignment as a').innerJoin('stuAssignmentClass as c', 'c.assignmentId', 'a.id').select('a.id').where('a.id', '=', assignmentId).where('c.classId', '=', classId),
      caller,
      'a.tenantId',
    ).executeTakeFirst();
    if (!a) throw refuse(LIVE_MESSAGES.assignmentMissing);
    if (!what.paperId && !what.sceneId) throw refuse(LIVE_MESSAGES.assignmentNeedsPaper);
    const choice = (await this.assignmentChoices(caller, classId)).find((c) => c.id === a.id);
    const holds = what.paperId ? choice?.papers.some((p) => p.id === what.paperId) : choice?.scenes.some((p) => p.id === what.sceneId);
    if (!holds) throw refuse(LIVE_MESSAGES.assignmentMismatch);
    return a.id;
  }

  async start(caller: StudyCaller, body: { classId: string; paperId?: string; questionIds?: string[]; hazardId?: string; assignmentId?: string }): Promise<LiveStarted> {
    const cls = await inTenant(this.db.selectFrom('stuClass').select(['id', 'name']).where('id', '=', body.classId), caller).executeTakeFirst();
    if (!cls || !(await this.teaches(cls.id, caller.id))) throw refuse(LIVE_MESSAGES.notTeacher);
    const sessionId = newId();
    let title: string;
    let items: Array<{ id: string; tenantId: number; sessionId: string; sortNo: number; questionId: string; type: string; stem: string; optionsJson: string; correctAnswer: string; fullScore: number }>;
    if (body.hazardId) {
      const scene = await this.hazards.scene(caller, body.hazardId);
      if (!(await this.hazards.regions(this.db, scene.id)).length) throw refuse(LIVE_MESSAGES.sceneNoRegions);
      title = scene.title;
      // the picture is the session's one step: opened (tapping), closed (heat map), revealed (the hazards)
      items = [{ id: newId(), tenantId: caller.tenantId, sessionId, sortNo: 0, questionId: scene.id, type: 'hazard', stem: scene.title, optionsJson: '[]', correctAnswer: '', fullScore: 0 }];
    } else {
      let drawn: Array<{ questionId: string; score: number | null }>;
      if (body.paperId) {
        const paper = await this.attempts.publishedPaper(caller, body.paperId);
        title = paper.title;
        drawn = await this.attempts.draw(caller, paper);
      } else {
        const ids = [...new Set(body.questionIds ?? [])];
        const found = ids.length ? await inTenant(this.db.selectFrom('stuQuestion').select(['id', 'type']).where('id', 'in', ids).where('delFlag', '=', 0), caller).execute() : [];
        if (found.length !== ids.length) throw refuse(LIVE_MESSAGES.questionsMissing);
        if (found.some((q) => !(QUESTION_TYPES as readonly string[]).includes(q.type))) throw refuse(LIVE_MESSAGES.badQuestionType);
        drawn = ids.map((questionId) => ({ questionId, score: null }));
        title = '课堂答题';
      }
      const ids = drawn.map((d) => d.questionId);
      if (!ids.length) throw refuse(LIVE_MESSAGES.noQuestions);
      const [questions, options] = await Promise.all([
        this.db.selectFrom('stuQuestion').select(['id', 'type', 'stem', 'answer', 'score']).where('id', 'in', ids).execute(),
        this.db.selectFrom('stuQuestionOption').select(['questionId', 'label', 'content', 'image', 'isCorrect']).where('questionId', 'in', ids).orderBy('sortNo').orderBy('label').execute(),
      ]);
      const questionBy = new Map(questions.map((q) => [q.id, q]));
      const optionsBy = new Map<string, typeof options>();
      for (const o of options) optionsBy.set(o.questionId, [...(optionsBy.get(o.questionId) ?? []), o]);
      items = drawn.map((d, i) => {
        const q = questionBy.get(d.questionId)!;
        // the same labels on the screen and every phone: no shuffling
        const frozen = freezeOptions(optionsBy.get(q.id) ?? [], { shuffle: false, storedAnswer: q.answer });
        return { id: newId(), tenantId: caller.tenantId, sessionId, sortNo: i, questionId: q.id, type: q.type, stem: q.stem, optionsJson: JSON.stringify(frozen.options), correctAnswer: frozen.correctAnswer, fullScore: Number(d.score ?? q.score ?? 1) };
      });
    }
    const assignmentId = body.assignmentId ? await this.linkedAssignment(caller, cls.id, body.assignmentId, { paperId: body.paperId, sceneId: body.hazardId }) : null;

    const now = this.now();
    // one open session per class: a new one ends the one before (and sessions idle for hours end too)
    const superseded = await this.db.selectFrom('stuLiveSession').select(SESSION_COLUMNS).where('status', '=', 'open').where((eb) => eb.or([eb('classId', '=', cls.id), eb('activeAt', '<', now - LIVE_IDLE_MS)])).execute();
    for (const old of superseded) await this.close(old, now);

    for (let tries = 0; tries < 20; tries++) {
      const code = String(randomInt(100_000, 1_000_000));
      try {
        await this.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('stuLiveSession')
            .values({
              id: sessionId,
              tenantId: caller.tenantId,
              classId: cls.id,
              kind: body.hazardId ? 'hazard' : 'quiz',
              paperId: body.paperId ?? null,
              sceneId: body.hazardId ?? null,
              assignmentId,
              teacherId: caller.id,
              title,
              code,
              status: 'open',
              currentIndex: -1,
              questionCount: items.length,
              startedAt: now,
              activeAt: now,
              endedAt: null,
              createTime: formatDateTime(new Date(now)),
            })
            .execute();
          for (let i = 0; i < items.length; i += 50) await trx.insertInto('stuLiveQuestion').values(items.slice(i, i + 50)).execute();
        });
        return { id: sessionId, code };
      } catch (err) {
        // another open session holds this code: draw again
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw refuse(LIVE_MESSAGES.codesBusy);
  }

  async next(caller: StudyCaller, id: string, seconds: number = LIVE_SECONDS.default): Promise<LiveState> {
    const s = await this.taughtSession(caller, id);
    const now = this.now();
    if (this.ended(s, now)) throw refuse(LIVE_MESSAGES.ended);
    const index = s.currentIndex + 1;
    if (index >= s.questionCount) throw refuse(LIVE_MESSAGES.last);
    // from the index the teacher saw: a double click moves one question, not two
    const moved = await this.db
      .updateTable('stuLiveSession')
      .set({ currentIndex: index, activeAt: now })
      .where('id', '=', s.id)
      .where('currentIndex', '=', s.currentIndex)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 1) {
      await this.db.updateTable('stuLiveQuestion').set({ openedAt: now, deadlineAt: now + seconds * 1000, revealed: 0 }).where('sessionId', '=', s.id).where('sortNo', '=', index).execute();
      await this.pushAll(s, 'question', { index });
    }
    return this.state(caller, s.id);
  }

  async reveal(caller: StudyCaller, id: string): Promise<LiveState> {
    const s = await this.taughtSession(caller, id);
    const now = this.now();
    if (this.ended(s, now)) throw refuse(LIVE_MESSAGES.ended);
    const item = s.currentIndex >= 0 ? await this.item(s.id, s.currentIndex) : undefined;
    if (!item) throw refuse(LIVE_MESSAGES.noQuestion);
    // revealing closes the question: no answer is taken once the right one is on the screen
    const revealed = await this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('stuLiveQuestion').set({ revealed: 1, deadlineAt: Math.min(millis(item.deadlineAt) ?? now, now) }).where('id', '=', item.id).where('revealed', '=', 0).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await trx.updateTable('stuLiveSession').set({ activeAt: now }).where('id', '=', s.id).execute();
      await this.fileAnswers(trx, s, item, now);
      return true;
    });
    if (revealed) await this.pushAll(s, 'reveal', { index: s.currentIndex });
    return this.state(caller, s.id);
  }

  /** Stops taking answers (or taps) now, before the countdown ends: the heat map shows from here. */
  async stop(caller: StudyCaller, id: string): Promise<LiveState> {
    const s = await this.taughtSession(caller, id);
    const now = this.now();
    if (this.ended(s, now)) throw refuse(LIVE_MESSAGES.ended);
    const item = s.currentIndex >= 0 ? await this.item(s.id, s.currentIndex) : undefined;
    if (!item) throw refuse(LIVE_MESSAGES.noQuestion);
    // closed by hand, past the grace a late answer gets: what the screen shows from now is final
    const r = await this.db.updateTable('stuLiveQuestion').set({ deadlineAt: now - LIVE_GRACE_MS - 1 }).where('id', '=', item.id).where('revealed', '=', 0).where('deadlineAt', '>', now).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) await this.pushAll(s, 'reveal', { index: s.currentIndex });
    return this.state(caller, s.id);
  }

  async end(caller: StudyCaller, id: string): Promise<LiveSummary> {
    const s = await this.taughtSession(caller, id);
    await this.close(s, this.now());
    return this.summary(caller, s.id);
  }

  /**
   * Ends a session (the teacher's 结束, or a new session of the class): answers to questions never revealed
   * go to the wrong-answer book, and a linked assignment gets each participant's result, in the same
   * transaction as the end; false when it had already ended.
   */
  private async close(s: SessionRow, now: number): Promise<boolean> {
    const counted: string[] = [];
    const closed = await this.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('stuLiveSession').set({ status: 'ended', endedAt: now }).where('id', '=', s.id).where('status', '=', 'open').executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      const unrevealed = await trx.selectFrom('stuLiveQuestion').select(ITEM_COLUMNS).where('sessionId', '=', s.id).where('revealed', '=', 0).where('openedAt', 'is not', null).execute();
      for (const item of unrevealed) await this.fileAnswers(trx, s, item, now);
      if (s.assignmentId) counted.push(...(await this.countForAssignment(trx, s, now)));
      return true;
    });
    if (!closed) return false;
    const what = s.kind === 'hazard' ? { sceneId: s.sceneId! } : { paperId: s.paperId! };
    for (const userId of counted) await progressRecorded(this.db, { tenantId: s.tenantId, id: userId }, what, new Date(now), this.log);
    await this.pushAll(s, 'end');
    return true;
  }

  /** The answers to a question, once revealed (or the session ended), into each student's wrong-answer book. */
  private async fileAnswers(trx: Transaction<Database>, s: Pick<SessionRow, 'tenantId'>, item: Pick<ItemRow, 'id' | 'questionId' | 'type'>, now: number) {
    if (item.type === 'hazard') return;
    const answers = await trx.selectFrom('stuLiveAnswer').select(['userId', 'answer', 'isRight']).where('itemId', '=', item.id).execute();
    for (const a of answers) await recordOutcomes(trx, { id: a.userId, tenantId: s.tenantId } as StudyCaller, [{ questionId: item.questionId, right: a.isRight === 1, answer: a.answer }], new Date(now));
  }

  /**
   * A linked session's results as the assignment reads progress: a quiz from a paper becomes a submitted
   * attempt of that paper for each student who answered (the questions shown, unanswered ones scoring 0);
   * a hazard session becomes a finished play of the picture for each student who tapped (hits and misses
   * scored as the scene scores a play, without a time bonus). The users counted.
   */
  private async countForAssignment(trx: Transaction<Database>, s: SessionRow, now: number): Promise<string[]> {
    const members = await trx.selectFrom('stuLiveMember').select(['userId', 'joinedAt']).where('sessionId', '=', s.id).execute();
    const at = formatDateTime(new Date(now));
    if (s.kind === 'hazard') {
      const scene = await trx.selectFrom('stuHazardScene').select(['id', 'hitScore', 'wrongPenalty', 'timeBonusPerSecond']).where('id', '=', s.sceneId!).executeTakeFirst();
      if (!scene) return [];
      const taps = await trx.selectFrom('stuLiveTap').select(['userId', 'regionId']).where('sessionId', '=', s.id).execute();
      const users: string[] = [];
      for (const m of members) {
        const own = taps.filter((t) => t.userId === m.userId);
        if (!own.length) continue;
        const found = new Set(own.filter((t) => t.regionId).map((t) => t.regionId)).size;
        const misses = own.filter((t) => !t.regionId).length;
        await trx
          .insertInto('stuHazardPlay')
          .values({ id: newId(), tenantId: s.tenantId, sceneId: scene.id, userId: m.userId, status: 'done', startedAt: millis(m.joinedAt)!, deadlineAt: null, finishedAt: now, foundCount: found, missCount: misses, hintsUsed: 0, score: hazardScore(scene, found, misses, 0), createTime: at })
          .execute();
        users.push(m.userId);
      }
      return users;
    }
    const paper = await trx.selectFrom('stuPaper').select(['id', 'passScore', 'partialCredit']).where('id', '=', s.paperId!).executeTakeFirst();
    if (!paper) return [];
    const items = await trx.selectFrom('stuLiveQuestion').select(ITEM_COLUMNS).where('sessionId', '=', s.id).where('openedAt', 'is not', null).orderBy('sortNo').execute();
    const answers = await trx.selectFrom('stuLiveAnswer').select(['itemId', 'userId', 'answer']).where('sessionId', '=', s.id).execute();
    const users: string[] = [];
    for (const m of members) {
      const own = new Map(answers.filter((a) => a.userId === m.userId).map((a) => [a.itemId, a.answer]));
      if (!own.size) continue;
      const attemptId = newId();
      const marked = items.map((i) => {
        const answer = own.get(i.id) ?? null;
        const mark = scoreAnswer({ type: i.type, correctAnswer: i.correctAnswer, answer, fullScore: i.fullScore, partialCredit: paper.partialCredit === 1 });
        return { i, answer, ...mark };
      });
      const score = marked.reduce((sum, x) => sum + x.score, 0);
      await trx
        .insertInto('stuAttempt')
        .values({
          id: attemptId,
          tenantId: s.tenantId,
          paperId: paper.id,
          userId: m.userId,
          activityId: null,
          status: 'done',
          startedAt: millis(m.joinedAt)!,
          deadlineAt: null,
          submittedAt: now,
          timedOut: 0,
          score,
          totalScore: items.reduce((sum, i) => sum + i.fullScore, 0),
          correctCount: marked.filter((x) => x.isRight).length,
          questionCount: items.length,
          passed: score >= paper.passScore ? 1 : 0,
          createTime: at,
        })
        .execute();
      const rows = marked.map((x) => ({
        id: newId(),
        tenantId: s.tenantId,
        attemptId,
        questionId: x.i.questionId,
        sortNo: x.i.sortNo + 1,
        type: x.i.type,
        stem: x.i.stem,
        analysis: null,
        optionsJson: x.i.optionsJson,
        correctAnswer: x.i.correctAnswer,
        answer: x.answer,
        isRight: x.isRight ? 1 : 0,
        fullScore: x.i.fullScore,
        score: x.score,
      }));
      for (let k = 0; k < rows.length; k += 50) await trx.insertInto('stuAttemptItem').values(rows.slice(k, k + 50)).execute();
      users.push(m.userId);
    }
    return users;
  }

  // ---- the students' steps ----

  async join(caller: StudyCaller, code: string): Promise<LiveState> {
    const s = await inTenant(this.db.selectFrom('stuLiveSession').select(SESSION_COLUMNS).where('code', '=', code).where('status', '=', 'open'), caller).executeTakeFirst();
    if (!s || this.ended(s, this.now())) throw refuse(LIVE_MESSAGES.badCode);
    const student = await this.db.selectFrom('stuClassMember').select('id').where('classId', '=', s.classId).where('userId', '=', caller.id).where('memberRole', '=', 'student').executeTakeFirst();
    if (!student) throw refuse(LIVE_MESSAGES.notStudent);
    // joining again (a reload, a second tab) keeps the first row and everything answered
    let fresh = false;
    if (!(await this.isMember(s.id, caller.id))) {
      try {
        await this.db.insertInto('stuLiveMember').values({ id: newId(), tenantId: s.tenantId, sessionId: s.id, userId: caller.id, joinedAt: this.now() }).execute();
        fresh = true;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
    }
    if (fresh) {
      const joined = await this.db.selectFrom('stuLiveMember').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', s.id).executeTakeFirst();
      await this.push(await this.teacherIds(s.classId), { cmd: 'live', sessionId: s.id, event: 'joined', joined: Number(joined?.n ?? 0) });
    }
    return this.state(caller, s.id);
  }

  async answer(caller: StudyCaller, id: string, questionId: string, answer: string): Promise<LiveAnswerSaved> {
    const s = await this.session(caller, id);
    const now = this.now();
    if (this.ended(s, now)) throw refuse(LIVE_MESSAGES.ended);
    if (!(await this.isMember(s.id, caller.id))) throw refuse(LIVE_MESSAGES.notJoined);
    if (s.kind === 'hazard') throw refuse(LIVE_MESSAGES.notQuiz);
    const item = s.currentIndex >= 0 ? await this.item(s.id, s.currentIndex) : undefined;
    if (!item) throw refuse(LIVE_MESSAGES.noQuestion);
    if (item.questionId !== questionId) throw refuse(LIVE_MESSAGES.notCurrent);
    if (item.revealed === 1 || now > millis(item.deadlineAt)! + LIVE_GRACE_MS) throw refuse(LIVE_MESSAGES.closed);
    const value = checkedAnswer(item, answer);
    if (!value) throw refuse(LIVE_MESSAGES.empty);
    const { isRight } = scoreAnswer({ type: item.type, correctAnswer: item.correctAnswer, answer: value, fullScore: 1, partialCredit: false });
    try {
      await this.db.insertInto('stuLiveAnswer').values({ id: newId(), tenantId: s.tenantId, sessionId: s.id, itemId: item.id, userId: caller.id, answer: value, isRight: isRight ? 1 : 0, answeredAt: now }).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(LIVE_MESSAGES.answered);
      throw err;
    }
    const answered = await this.db.selectFrom('stuLiveAnswer').select((eb) => eb.fn.countAll<number>().as('n')).where('itemId', '=', item.id).executeTakeFirst();
    await this.push(await this.teacherIds(s.classId), { cmd: 'live', sessionId: s.id, event: 'answered', index: item.sortNo, answered: Number(answered?.n ?? 0) });
    return { questionId, answer: value };
  }

  /** A phone's tap on the hazard picture while tapping is open: judged against the regions, kept with the student. */
  async tap(caller: StudyCaller, id: string, x: number, y: number): Promise<LiveState> {
    const s = await this.session(caller, id);
    const now = this.now();
    if (this.ended(s, now)) throw refuse(LIVE_MESSAGES.ended);
    if (s.kind !== 'hazard') throw refuse(LIVE_MESSAGES.notHazard);
    if (!(await this.isMember(s.id, caller.id))) throw refuse(LIVE_MESSAGES.notJoined);
    const item = s.currentIndex >= 0 ? await this.item(s.id, s.currentIndex) : undefined;
    if (!item || item.revealed === 1 || now > millis(item.deadlineAt)! + LIVE_GRACE_MS) throw refuse(LIVE_MESSAGES.noTapping);
    const used = await this.db.selectFrom('stuLiveTap').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', s.id).where('userId', '=', caller.id).executeTakeFirst();
    const seq = Number(used?.n ?? 0) + 1;
    if (seq > LIVE_HAZARD_TAPS) throw refuse(LIVE_MESSAGES.tapsUsed);
    // a picture deleted while the class plays it takes no more taps
    const scene = await this.db.selectFrom('stuHazardScene').select(['imageWidth', 'imageHeight']).where('id', '=', s.sceneId!).executeTakeFirst();
    if (!scene) throw refuse(HAZARD_MESSAGES.sceneMissing);
    const regions = await this.hazards.regions(this.db, s.sceneId!);
    const hit = regions.find((r) => hitTest(r.geometry, x, y, { width: scene.imageWidth, height: scene.imageHeight }));
    try {
      await this.db.insertInto('stuLiveTap').values({ id: newId(), tenantId: s.tenantId, sessionId: s.id, userId: caller.id, seq, x, y, regionId: hit?.id ?? null, at: now }).execute();
    } catch (err) {
      // two taps of one phone at once: the second takes no extra place
      if (isUniqueViolation(err)) throw refuse(LIVE_MESSAGES.tapsUsed);
      throw err;
    }
    if (seq === 1) {
      const tapped = await this.tappedCount(s.id);
      await this.push(await this.teacherIds(s.classId), { cmd: 'live', sessionId: s.id, event: 'answered', index: item.sortNo, answered: tapped });
    }
    return this.state(caller, s.id);
  }

  private async tappedCount(sessionId: string) {
    const r = await this.db.selectFrom('stuLiveTap').select((eb) => eb.fn.count<number>('userId').distinct().as('n')).where('sessionId', '=', sessionId).executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  // ---- reading ----

  async state(caller: StudyCaller, id: string): Promise<LiveState> {
    const s = await this.session(caller, id);
    const teacher = await this.teaches(s.classId, caller.id);
    if (!teacher && !(await this.isMember(s.id, caller.id))) throw refuse(LIVE_MESSAGES.notInSession);
    const now = this.now();
    const ended = this.ended(s, now);
    const [cls, item] = await Promise.all([
      this.db.selectFrom('stuClass').select('name').where('id', '=', s.classId).executeTakeFirst(),
      s.currentIndex >= 0 ? this.item(s.id, s.currentIndex) : Promise.resolve(undefined),
    ]);
    const deadline = item ? millis(item.deadlineAt) : null;
    const phase: LivePhase = ended ? 'ended' : !item ? 'lobby' : item.revealed === 1 ? 'revealed' : deadline !== null && now >= deadline ? 'closed' : 'question';
    const revealed = item?.revealed === 1;
    const state: LiveState = {
      id: s.id,
      kind: s.kind === 'hazard' ? 'hazard' : 'quiz',
      title: s.title,
      className: cls?.name ?? '',
      code: ended ? null : s.code,
      role: teacher ? 'teacher' : 'student',
      phase,
      index: s.currentIndex,
      total: s.questionCount,
      question: item ? this.questionView(item) : null,
      remainingMs: phase === 'question' ? deadline! - now : item ? 0 : null,
    };
    if (s.kind === 'hazard') return this.hazardState(caller, s, state, teacher);
    if (teacher) {
      const [joined, answers] = await Promise.all([
        this.db.selectFrom('stuLiveMember').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', s.id).executeTakeFirst(),
        item ? this.db.selectFrom('stuLiveAnswer').select(['answer']).where('itemId', '=', item.id).execute() : Promise.resolve([]),
      ]);
      state.joined = Number(joined?.n ?? 0);
      state.answered = answers.length;
      if (item && (revealed || ended)) {
        state.correctAnswer = item.correctAnswer;
        state.distribution = distribution(item, answers);
      }
      return state;
    }
    const [mine, tally] = await Promise.all([
      item ? this.db.selectFrom('stuLiveAnswer').select(['answer', 'isRight']).where('itemId', '=', item.id).where('userId', '=', caller.id).executeTakeFirst() : Promise.resolve(undefined),
      this.db
        .selectFrom('stuLiveAnswer as a')
        .innerJoin('stuLiveQuestion as q', 'q.id', 'a.itemId')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('a.isRight').as('right')])
        .where('a.sessionId', '=', s.id)
        .where('a.userId', '=', caller.id)
        .where('q.revealed', '=', 1)
        .executeTakeFirst(),
    ]);
    const revealedCount = await this.db.selectFrom('stuLiveQuestion').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', s.id).where('revealed', '=', 1).executeTakeFirst();
    state.myAnswer = mine?.answer ?? null;
    if (item && revealed) {
      state.correctAnswer = item.correctAnswer;
      state.isRight = mine ? mine.isRight === 1 : null;
    }
    state.mine = { answered: Number(tally?.n ?? 0), correct: Number(tally?.right ?? 0), revealed: Number(revealedCount?.n ?? 0) };
    return state;
  }

  /** A hazard session's state: the picture; the teacher's count of who tapped and, once tapping closed, every tap; a student's own. */
  private async hazardState(caller: StudyCaller, s: SessionRow, state: LiveState, teacher: boolean): Promise<LiveState> {
    const scene = await this.db.selectFrom('stuHazardScene').select(['id', 'title', 'image', 'imageWidth', 'imageHeight', 'description']).where('id', '=', s.sceneId!).executeTakeFirst();
    const regions = scene ? await this.hazards.regions(this.db, scene.id) : [];
    state.question = null;
    state.tapLimit = LIVE_HAZARD_TAPS;
    state.hazard = {
      sceneId: s.sceneId!,
      title: scene?.title ?? s.title,
      image: imageAddress(this.app, scene?.image),
      imageWidth: scene?.imageWidth ?? 0,
      imageHeight: scene?.imageHeight ?? 0,
      description: scene?.description ?? null,
      regionCount: regions.length,
    };
    const shown = state.phase === 'revealed' || state.phase === 'ended';
    if (shown) state.regions = regions.map((r) => ({ id: r.id, shape: r.geometry.shape, coords: r.geometry.coords, title: r.title, risk: r.risk, fix: r.fix }));
    const taps = await this.db.selectFrom('stuLiveTap').select(['userId', 'x', 'y', 'regionId']).where('sessionId', '=', s.id).orderBy('at').orderBy('seq').execute();
    if (teacher) {
      const joined = await this.db.selectFrom('stuLiveMember').select((eb) => eb.fn.countAll<number>().as('n')).where('sessionId', '=', s.id).executeTakeFirst();
      state.joined = Number(joined?.n ?? 0);
      state.answered = new Set(taps.map((t) => t.userId)).size;
      // the heat map once tapping closed: while the class taps, the screen must not show where
      if (state.phase !== 'question' && state.phase !== 'lobby') state.taps = taps.map((t) => ({ x: Number(t.x), y: Number(t.y) }));
      return state;
    }
    const own = taps.filter((t) => t.userId === caller.id);
    state.myTaps = own.map((t) => ({ x: Number(t.x), y: Number(t.y) }));
    state.myHits = shown ? new Set(own.filter((t) => t.regionId).map((t) => t.regionId)).size : null;
    return state;
  }

  async summary(caller: StudyCaller, id: string): Promise<LiveSummary> {
    const s = await this.session(caller, id);
    const teacher = await this.teaches(s.classId, caller.id);
    if (!teacher && !(await this.isMember(s.id, caller.id))) throw refuse(LIVE_MESSAGES.notInSession);
    const ended = this.ended(s, this.now());
    if (!teacher && !ended) throw refuse(LIVE_MESSAGES.summaryLater);
    const [cls, items, answers, members] = await Promise.all([
      this.db.selectFrom('stuClass').select('name').where('id', '=', s.classId).executeTakeFirst(),
      this.db.selectFrom('stuLiveQuestion').select(ITEM_COLUMNS).where('sessionId', '=', s.id).orderBy('sortNo').execute(),
      this.db.selectFrom('stuLiveAnswer').select(['itemId', 'userId', 'answer', 'isRight']).where('sessionId', '=', s.id).execute(),
      this.db.selectFrom('stuLiveMember').select('userId').where('sessionId', '=', s.id).execute(),
    ]);
    const byItem = new Map<string, typeof answers>();
    for (const a of answers) byItem.set(a.itemId, [...(byItem.get(a.itemId) ?? []), a]);
    const questionOf = new Map(items.map((i) => [i.id, i.questionId]));
    const summary: LiveSummary = {
      id: s.id,
      kind: s.kind === 'hazard' ? 'hazard' : 'quiz',
      title: s.title,
      className: cls?.name ?? '',
      ended,
      joined: members.length,
      questions: items.map((i) => {
        const got = byItem.get(i.id) ?? [];
        const counts = new Map(distribution(i, got).map((b) => [b.label, b.count]));
        const correct = got.filter((a) => a.isRight === 1).length;
        return {
          questionId: i.questionId,
          sortNo: i.sortNo + 1,
          stem: i.stem,
          type: i.type as QuestionType,
          shown: i.openedAt !== null,
          correctAnswer: i.correctAnswer,
          options: this.questionView(i).options.map((o) => ({ ...o, count: counts.get(o.label) ?? 0 })),
          answered: got.length,
          correct,
          correctRate: percentOf(correct, got.length),
        };
      }),
    };
    const answersOf = (userId: string) =>
      answers
        .filter((a) => a.userId === userId)
        .map((a) => ({ questionId: questionOf.get(a.itemId)!, answer: a.answer, isRight: a.isRight === 1, sortNo: items.find((i) => i.id === a.itemId)!.sortNo }))
        .sort((a, b) => a.sortNo - b.sortNo)
        .map(({ sortNo: _s, ...a }) => a);
    if (!teacher) {
      const own = answersOf(caller.id);
      summary.mine = { answered: own.length, correct: own.filter((a) => a.isRight).length, answers: own };
      return summary;
    }
    // the class in name order, never by time: a summary is not a ranking
    const roster = await this.db
      .selectFrom('stuClassMember as m')
      .innerJoin('sysUser as u', 'u.id', 'm.userId')
      .select(['m.userId', 'u.realname', 'u.username'])
      .where('m.classId', '=', s.classId)
      .where('m.memberRole', '=', 'student')
      .orderBy('u.realname')
      .orderBy('u.username')
      .execute();
    const joined = new Set(members.map((m) => m.userId));
    summary.students = roster.map((r) => {
      const own = answersOf(r.userId);
      return { userId: r.userId, realname: r.realname ?? r.username, joined: joined.has(r.userId), answered: own.length, correct: own.filter((a) => a.isRight).length, answers: own };
    });
    if (s.kind === 'hazard') {
      const taps = await this.db.selectFrom('stuLiveTap').select(['userId', 'regionId']).where('sessionId', '=', s.id).execute();
      const regions = s.sceneId ? await this.hazards.regions(this.db, s.sceneId) : [];
      const hitters = (regionId: string) => new Set(taps.filter((t) => t.regionId === regionId).map((t) => t.userId)).size;
      summary.hazards = regions.map((r) => ({ id: r.id, title: r.title, hits: hitters(r.id) }));
      for (const st of summary.students) {
        const own = taps.filter((t) => t.userId === st.userId);
        st.taps = own.length;
        st.hits = new Set(own.filter((t) => t.regionId).map((t) => t.regionId)).size;
      }
    }
    return summary;
  }

  private questionView(item: ItemRow): LiveQuestion {
    const options = (JSON.parse(item.optionsJson) as FrozenOption[]).map((o) => ({ label: o.label, content: o.content, image: imageAddress(this.app, o.image) }));
    return { questionId: item.questionId, sortNo: item.sortNo + 1, type: item.type as QuestionType, stem: item.stem, options };
  }
}

/** Answers per option label; a multiple-choice answer counts for each label it chose. */
function distribution(item: Pick<ItemRow, 'optionsJson'>, answers: Array<{ answer: string }>): LiveBar[] {
  const counts = new Map((JSON.parse(item.optionsJson) as FrozenOption[]).map((o) => [o.label, 0]));
  for (const a of answers) for (const l of labelsOf(a.answer)) if (counts.has(l)) counts.set(l, counts.get(l)! + 1);
  return [...counts].map(([label, count]) => ({ label, count }));
}

/** An answer in canonical form, its labels among the question's options, one label unless multiple choice. */
function checkedAnswer(item: Pick<ItemRow, 'type' | 'optionsJson'>, answer: string): string {
  const value = normalizeAnswer(answer);
  if (!value) return '';
  const known = new Set((JSON.parse(item.optionsJson) as FrozenOption[]).map((o) => o.label));
  const chosen = value.split(',');
  if (chosen.some((l) => !known.has(l))) throw refuse(ATTEMPT_MESSAGES.unknownOption);
  if (item.type !== 'multi' && chosen.length > 1) throw refuse(ATTEMPT_MESSAGES.oneOption);
  return value;
}
