// 课堂答题: a live quiz run by a class's teacher on the classroom screen. Every step is a row in the database
// (the session and its current question, the frozen questions, who joined, each answer), so any node answers
// any call and a phone that reloads reads where it was; the socket only says "something changed".
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import {
  LIVE_SECONDS,
  type LiveAnswerSaved,
  type LiveBar,
  type LivePaper,
  type LivePhase,
  type LivePushFrame,
  type LiveQuestion,
  type LiveStarted,
  type LiveState,
  type LiveSummary,
} from '@anxue/shared/live';
import type { QuestionType } from '@anxue/shared';
import type { MessageBus } from '../../../core/bus';
import { formatDateTime, isUniqueViolation, newId, type Db } from '../../../core/db';
import { NOTICE_CHANNEL, type NoticePush } from '../../notice';
import { AttemptService, MESSAGES as ATTEMPT_MESSAGES, paperTotals } from '../study/attempts';
import { imageAddress, inTenant, millis, refuse, type StudyCaller } from '../study/common';
import { freezeOptions, type FrozenOption } from '../study/paper-drawer';
import { normalizeAnswer, scoreAnswer } from '../study/scoring';

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
};
const SESSION_COLUMNS = ['id', 'tenantId', 'classId', 'title', 'code', 'status', 'currentIndex', 'questionCount', 'activeAt'] as const;
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
};
const ITEM_COLUMNS = ['id', 'sortNo', 'questionId', 'type', 'stem', 'optionsJson', 'correctAnswer', 'openedAt', 'deadlineAt', 'revealed'] as const;

const percentOf = (part: number, whole: number) => (whole ? Math.round((part * 100) / whole) : null);
const labelsOf = (answer: string) => (answer ? answer.split(',') : []);

export class LiveService {
  private readonly db: Db;
  private readonly bus: MessageBus;
  private readonly attempts: AttemptService;

  constructor(
    private readonly app: FastifyInstance,
    private readonly log: FastifyBaseLogger = app.log,
  ) {
    this.db = app.ctx.db;
    this.bus = app.ctx.bus;
    this.attempts = new AttemptService(app, app.ctx.db);
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

  async start(caller: StudyCaller, body: { classId: string; paperId?: string; questionIds?: string[] }): Promise<LiveStarted> {
    const cls = await inTenant(this.db.selectFrom('stuClass').select(['id', 'name']).where('id', '=', body.classId), caller).executeTakeFirst();
    if (!cls || !(await this.teaches(cls.id, caller.id))) throw refuse(LIVE_MESSAGES.notTeacher);
    let title: string;
    let ids: string[];
    if (body.paperId) {
      const paper = await this.attempts.publishedPaper(caller, body.paperId);
      title = paper.title;
      ids = (await this.attempts.draw(caller, paper)).map((d) => d.questionId);
    } else {
      ids = [...new Set(body.questionIds ?? [])];
      const found = await inTenant(this.db.selectFrom('stuQuestion').select('id').where('id', 'in', ids).where('delFlag', '=', 0), caller).execute();
      if (found.length !== ids.length) throw refuse(LIVE_MESSAGES.questionsMissing);
      title = '课堂答题';
    }
    if (!ids.length) throw refuse(LIVE_MESSAGES.noQuestions);
    const [questions, options] = await Promise.all([
      this.db.selectFrom('stuQuestion').select(['id', 'type', 'stem', 'answer']).where('id', 'in', ids).execute(),
      this.db.selectFrom('stuQuestionOption').select(['questionId', 'label', 'content', 'image', 'isCorrect']).where('questionId', 'in', ids).orderBy('sortNo').orderBy('label').execute(),
    ]);
    const questionBy = new Map(questions.map((q) => [q.id, q]));
    const optionsBy = new Map<string, typeof options>();
    for (const o of options) optionsBy.set(o.questionId, [...(optionsBy.get(o.questionId) ?? []), o]);

    const now = this.now();
    // one open session per class: a new one ends the one before (and sessions idle for hours end too)
    const superseded = await this.db.selectFrom('stuLiveSession').select(['id', 'classId']).where('classId', '=', cls.id).where('status', '=', 'open').execute();
    await this.db
      .updateTable('stuLiveSession')
      .set({ status: 'ended', endedAt: now })
      .where('status', '=', 'open')
      .where((eb) => eb.or([eb('classId', '=', cls.id), eb('activeAt', '<', now - LIVE_IDLE_MS)]))
      .execute();
    for (const s of superseded) await this.pushAll(s, 'end');

    const sessionId = newId();
    const items = ids.map((questionId, i) => {
      const q = questionBy.get(questionId)!;
      // the same labels on the screen and every phone: no shuffling
      const frozen = freezeOptions(optionsBy.get(q.id) ?? [], { shuffle: false, storedAnswer: q.answer });
      return { id: newId(), tenantId: caller.tenantId, sessionId, sortNo: i, questionId, type: q.type, stem: q.stem, optionsJson: JSON.stringify(frozen.options), correctAnswer: frozen.correctAnswer };
    });
    for (let tries = 0; tries < 20; tries++) {
      const code = String(randomInt(100_000, 1_000_000));
      try {
        await this.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('stuLiveSession')
            .values({ id: sessionId, tenantId: caller.tenantId, classId: cls.id, paperId: body.paperId ?? null, teacherId: caller.id, title, code, status: 'open', currentIndex: -1, questionCount: items.length, startedAt: now, activeAt: now, endedAt: null, createTime: formatDateTime(new Date(now)) })
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
    if (item.revealed !== 1) {
      // revealing closes the question: no answer is taken once the right one is on the screen
      await this.db.updateTable('stuLiveQuestion').set({ revealed: 1, deadlineAt: Math.min(millis(item.deadlineAt) ?? now, now) }).where('id', '=', item.id).execute();
      await this.db.updateTable('stuLiveSession').set({ activeAt: now }).where('id', '=', s.id).execute();
      await this.pushAll(s, 'reveal', { index: s.currentIndex });
    }
    return this.state(caller, s.id);
  }

  async end(caller: StudyCaller, id: string): Promise<LiveSummary> {
    const s = await this.taughtSession(caller, id);
    const now = this.now();
    const closed = await this.db.updateTable('stuLiveSession').set({ status: 'ended', endedAt: now }).where('id', '=', s.id).where('status', '=', 'open').executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 1) await this.pushAll(s, 'end');
    return this.summary(caller, s.id);
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
