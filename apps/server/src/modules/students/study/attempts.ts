import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attemptAnswerInput,
  startAttemptInput,
  STUDY_PERMISSION,
  submitAttemptInput,
  type AttemptAnswerSaved,
  type AttemptItemView,
  type AttemptRow,
  type AttemptView,
  type PaperCard,
  type QuestionType,
} from '@anxue/shared';
import { progressRecorded } from '../assignment/stored';
import { issueAfterPaper } from './certificates';
import { ok } from '../../../core/http';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { imageAddress, inTenant, millis, parseDateTime, refuse, secondsLeft, studyCaller, type StudyCaller } from './common';
import { countedScores, toCounted } from './counted-scores';
import { drawByRules, freezeOptions, type DrawnQuestion, type FrozenOption } from './paper-drawer';
import { normalizeAnswer, scoreAnswer } from './scoring';
import { recordOutcomes } from './wrong-book';

export const MESSAGES = {
  paperMissing: '试卷不存在或未发布',
  notOpen: '考试尚未开始',
  closed: '考试已结束',
  maxAttempts: '已达到最多作答次数',
  empty: '试卷中没有题目',
  attemptMissing: '考试记录不存在',
  notInAttempt: '该题不在本次考试中',
  submitted: '本次考试已提交',
  timeUp: '考试时间已到，已自动交卷',
  unknownOption: '答案中有不存在的选项',
  oneOption: '该题只能选择一个选项',
} as const;

type PaperRow = {
  id: string;
  title: string;
  description: string | null;
  mode: string;
  timeLimitMinutes: number;
  openTime: string | null;
  closeTime: string | null;
  passScore: number;
  maxAttempts: number;
  scoreRule: string;
  partialCredit: number;
  shuffleOptions: number;
};
const PAPER_COLUMNS = ['id', 'title', 'description', 'mode', 'timeLimitMinutes', 'openTime', 'closeTime', 'passScore', 'maxAttempts', 'scoreRule', 'partialCredit', 'shuffleOptions'] as const;

type AttemptRecord = {
  id: string;
  paperId: string;
  status: string;
  startedAt: number | string;
  deadlineAt: number | string | null;
  submittedAt: number | string | null;
  timedOut: number;
  score: number;
  totalScore: number;
  correctCount: number;
  questionCount: number;
  passed: number;
};
const ATTEMPT_COLUMNS = ['id', 'paperId', 'status', 'startedAt', 'deadlineAt', 'submittedAt', 'timedOut', 'score', 'totalScore', 'correctCount', 'questionCount', 'passed'] as const;

type StoredOption = FrozenOption;
const expired = (a: AttemptRecord, now: number) => a.status === 'doing' && millis(a.deadlineAt) !== null && now >= millis(a.deadlineAt)!;

/** Total score and question count of papers, from their fixed lists or their rules; one query each. */
export async function paperTotals(db: Db, papers: Array<{ id: string; mode: string }>): Promise<Map<string, { totalScore: number; questionCount: number }>> {
  const out = new Map<string, { totalScore: number; questionCount: number }>();
  if (!papers.length) return out;
  const ids = papers.map((p) => p.id);
  const [fixed, rules] = await Promise.all([
    db.selectFrom('stuPaperQuestion').select((eb) => ['paperId', eb.fn.sum<number>('score').as('total'), eb.fn.countAll<number>().as('n')]).where('paperId', 'in', ids).groupBy('paperId').execute(),
    db
      .selectFrom('stuPaperRule')
      .select((eb) => ['paperId', eb.fn.sum<number>(eb('questionCount', '*', eb.ref('score'))).as('total'), eb.fn.sum<number>('questionCount').as('n')])
      .where('paperId', 'in', ids)
      .groupBy('paperId')
      .execute(),
  ]);
  const fixedBy = new Map(fixed.map((r) => [r.paperId, r]));
  const rulesBy = new Map(rules.map((r) => [r.paperId, r]));
  for (const p of papers) {
    const r = p.mode === 'rule' ? rulesBy.get(p.id) : fixedBy.get(p.id);
    out.set(p.id, { totalScore: Number(r?.total ?? 0), questionCount: Number(r?.n ?? 0) });
  }
  return out;
}

/** Papers, attempts and their answers: start (or resume), save answers one by one, submit, review. */
export class AttemptService {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
  ) {}

  private now() {
    return this.app.ctx.clock.now();
  }

  async publishedPaper(caller: StudyCaller, paperId: string): Promise<PaperRow> {
    const paper = await inTenant(this.db.selectFrom('stuPaper').select(PAPER_COLUMNS).where('id', '=', paperId).where('published', '=', 1), caller).executeTakeFirst();
    if (!paper) throw refuse(MESSAGES.paperMissing);
    return paper;
  }

  /** Refuses outside the paper's open/close window. */
  checkWindow(paper: PaperRow, now: number) {
    const open = parseDateTime(paper.openTime);
    const close = parseDateTime(paper.closeTime);
    if (open !== null && now < open) throw refuse(MESSAGES.notOpen);
    if (close !== null && now >= close) throw refuse(MESSAGES.closed);
  }

  async papers(caller: StudyCaller): Promise<PaperCard[]> {
    const now = this.now().getTime();
    const papers = (await inTenant(this.db.selectFrom('stuPaper').select(PAPER_COLUMNS).where('published', '=', 1), caller).orderBy('createTime', 'desc').orderBy('id').execute()).filter((p) => {
      const open = parseDateTime(p.openTime);
      const close = parseDateTime(p.closeTime);
      return (open === null || open <= now) && (close === null || now < close);
    });
    if (!papers.length) return [];
    const ids = papers.map((p) => p.id);
    const [totals, used, open, counted] = await Promise.all([
      paperTotals(this.db, papers),
      this.db.selectFrom('stuAttempt').select((eb) => ['paperId', eb.fn.countAll<number>().as('n')]).where('userId', '=', caller.id).where('paperId', 'in', ids).groupBy('paperId').execute(),
      this.db.selectFrom('stuAttempt').select(['id', 'paperId', 'deadlineAt']).where('userId', '=', caller.id).where('paperId', 'in', ids).where('status', '=', 'doing').execute(),
      countedScores(this.db, caller).where('a.userId', '=', caller.id).where('a.paperId', 'in', ids).execute(),
    ]);
    const usedBy = new Map(used.map((u) => [u.paperId, Number(u.n)]));
    const openBy = new Map(open.filter((a) => millis(a.deadlineAt) === null || millis(a.deadlineAt)! > now).map((a) => [a.paperId, a.id]));
    const countedBy = new Map(counted.map((c) => [c.paperId, toCounted(c).score]));
    return papers
      .map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        timeLimitMinutes: p.timeLimitMinutes,
        openTime: p.openTime,
        closeTime: p.closeTime,
        passScore: p.passScore,
        totalScore: totals.get(p.id)!.totalScore,
        questionCount: totals.get(p.id)!.questionCount,
        maxAttempts: p.maxAttempts,
        attemptsUsed: usedBy.get(p.id) ?? 0,
        countedScore: countedBy.get(p.id) ?? null,
        openAttemptId: openBy.get(p.id) ?? null,
      }))
      .filter((c) => c.openAttemptId || c.maxAttempts === 0 || c.attemptsUsed < c.maxAttempts);
  }

  /** The questions of a new attempt: the fixed list in order, or drawn by the rules. */
  async draw(caller: StudyCaller, paper: PaperRow): Promise<DrawnQuestion[]> {
    if (paper.mode === 'rule') {
      const rules = await this.db.selectFrom('stuPaperRule').select(['category', 'type', 'difficulty', 'questionCount', 'score']).where('paperId', '=', paper.id).orderBy('sortNo').orderBy('id').execute();
      const pool = await inTenant(this.db.selectFrom('stuQuestion').select(['id', 'category', 'type', 'difficulty']).where('delFlag', '=', 0), caller).execute();
      return drawByRules(rules, pool);
    }
    return this.db
      .selectFrom('stuPaperQuestion as pq')
      .innerJoin('stuQuestion as q', 'q.id', 'pq.questionId')
      .select(['pq.questionId', 'pq.score'])
      .where('pq.paperId', '=', paper.id)
      .where('q.delFlag', '=', 0)
      .orderBy('pq.sortNo')
      .orderBy('pq.id')
      .execute();
  }

  async start(caller: StudyCaller, paperId: string, activityId?: string): Promise<AttemptView> {
    const paper = await this.publishedPaper(caller, paperId);
    const now = this.now().getTime();
    this.checkWindow(paper, now);
    // starting again while one is unfinished resumes it (closing it first if its time ran out)
    const open = await this.db.selectFrom('stuAttempt').select(ATTEMPT_COLUMNS).where('userId', '=', caller.id).where('paperId', '=', paper.id).where('status', '=', 'doing').orderBy('startedAt', 'desc').executeTakeFirst();
    if (open) {
      const current = await this.closeIfExpired(caller, open);
      if (current.status === 'doing') return this.view(caller, current);
    }
    if (paper.maxAttempts > 0) {
      const used = await this.db.selectFrom('stuAttempt').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', caller.id).where('paperId', '=', paper.id).executeTakeFirst();
      if (Number(used?.n ?? 0) >= paper.maxAttempts) throw refuse(MESSAGES.maxAttempts);
    }
    if (activityId) {
      const activity = await inTenant(this.db.selectFrom('stuActivity').select('id').where('id', '=', activityId).where('paperId', '=', paper.id), caller).executeTakeFirst();
      if (!activity) throw refuse('活动不存在或未使用该试卷');
    }
    const drawn = await this.draw(caller, paper);
    if (!drawn.length) throw refuse(MESSAGES.empty);
    const ids = drawn.map((d) => d.questionId);
    const [questions, options] = await Promise.all([
      this.db.selectFrom('stuQuestion').select(['id', 'type', 'stem', 'analysis', 'answer']).where('id', 'in', ids).execute(),
      this.db.selectFrom('stuQuestionOption').select(['questionId', 'label', 'content', 'image', 'isCorrect']).where('questionId', 'in', ids).orderBy('sortNo').orderBy('label').execute(),
    ]);
    const questionBy = new Map(questions.map((q) => [q.id, q]));
    const optionsBy = new Map<string, typeof options>();
    for (const o of options) optionsBy.set(o.questionId, [...(optionsBy.get(o.questionId) ?? []), o]);

    const limit = paper.timeLimitMinutes > 0 ? now + paper.timeLimitMinutes * 60_000 : null;
    const close = parseDateTime(paper.closeTime);
    const deadline = limit === null ? close : close === null ? limit : Math.min(limit, close);
    const attemptId = newId();
    const items = drawn.map((d, i) => {
      const q = questionBy.get(d.questionId)!;
      // true/false keeps 正确 before 错误; choices are shuffled when the paper says so
      const frozen = freezeOptions(optionsBy.get(q.id) ?? [], { shuffle: paper.shuffleOptions === 1 && q.type !== 'judge', storedAnswer: q.answer });
      return {
        id: newId(),
        tenantId: caller.tenantId,
        attemptId,
        questionId: q.id,
        sortNo: i + 1,
        type: q.type,
        stem: q.stem,
        analysis: q.analysis,
        optionsJson: JSON.stringify(frozen.options),
        correctAnswer: frozen.correctAnswer,
        answer: null,
        isRight: null,
        fullScore: d.score,
      };
    });
    try {
      await this.insertAttempt(attemptId, caller, paper.id, activityId, now, deadline, items);
    } catch (err) {
      // a start that raced another one of the same student: the index keeps one open attempt, resume it
      const raced = await this.db.selectFrom('stuAttempt').select(ATTEMPT_COLUMNS).where('userId', '=', caller.id).where('paperId', '=', paper.id).where('status', '=', 'doing').executeTakeFirst();
      if (!raced) throw err;
      return this.view(caller, raced);
    }
    return this.view(caller, await this.attempt(caller, attemptId));
  }

  private async insertAttempt(
    attemptId: string,
    caller: StudyCaller,
    paperId: string,
    activityId: string | undefined,
    now: number,
    deadline: number | null,
    items: Array<{ fullScore: number } & Record<string, unknown>>,
  ) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('stuAttempt')
        .values({
          id: attemptId,
          tenantId: caller.tenantId,
          paperId,
          userId: caller.id,
          activityId: activityId ?? null,
          status: 'doing',
          startedAt: now,
          deadlineAt: deadline,
          totalScore: items.reduce((s, i) => s + i.fullScore, 0),
          questionCount: items.length,
          createTime: formatDateTime(new Date(now)),
        })
        .execute();
      await trx.insertInto('stuAttemptItem').values(items as any).execute();
    });
  }

  async attempt(caller: StudyCaller, id: string): Promise<AttemptRecord> {
    const a = await inTenant(this.db.selectFrom('stuAttempt').select(ATTEMPT_COLUMNS).where('id', '=', id).where('userId', '=', caller.id), caller).executeTakeFirst();
    if (!a) throw refuse(MESSAGES.attemptMissing);
    return a;
  }

  /** After the deadline, any read or write first closes the attempt with what was saved. */
  async closeIfExpired(caller: StudyCaller, a: AttemptRecord): Promise<AttemptRecord> {
    if (!expired(a, this.now().getTime())) return a;
    await this.finish(caller, a.id, { timedOut: true });
    return this.attempt(caller, a.id);
  }

  /** The refusal for writing to a closed attempt. */
  private closedRefusal(a: AttemptRecord) {
    return refuse(a.timedOut === 1 ? MESSAGES.timeUp : MESSAGES.submitted);
  }

  /**
   * Scores and closes an attempt in one transaction. The doing → done transition is a conditional update
   * whose affected rows are checked, so of two submissions (or a submission and a time-out) exactly one
   * scores; the other changes nothing. Answers sent with the submission are saved first, in the same transaction.
   */
  async finish(caller: StudyCaller, attemptId: string, opts: { timedOut: boolean; answers?: Array<{ questionId: string; answer: string }> }): Promise<boolean> {
    const now = this.now();
    let paperId = '';
    const closed = await this.db.transaction().execute(async (trx) => {
      const head = await trx
        .selectFrom('stuAttempt as a')
        .innerJoin('stuPaper as p', 'p.id', 'a.paperId')
        .select(['a.status', 'a.paperId', 'p.partialCredit', 'p.passScore'])
        .where('a.id', '=', attemptId)
        .executeTakeFirst();
      if (!head || head.status !== 'doing') return false;
      paperId = head.paperId;
      const items = await trx.selectFrom('stuAttemptItem').select(['id', 'questionId', 'type', 'optionsJson', 'correctAnswer', 'answer', 'fullScore']).where('attemptId', '=', attemptId).orderBy('sortNo').execute();
      const byQuestion = new Map(items.map((i) => [i.questionId, i]));
      for (const a of opts.answers ?? []) {
        const item = byQuestion.get(a.questionId);
        if (!item) throw refuse(MESSAGES.notInAttempt);
        item.answer = checkedAnswer(item, a.answer) || null;
      }
      const marked = items.map((i) => ({ ...i, ...scoreAnswer({ type: i.type, correctAnswer: i.correctAnswer, answer: i.answer, fullScore: i.fullScore, partialCredit: head.partialCredit === 1 }) }));
      const score = marked.reduce((s, i) => s + i.score, 0);
      const correctCount = marked.filter((i) => i.isRight).length;
      const closed = await trx
        .updateTable('stuAttempt')
        .set({ status: 'done', submittedAt: now.getTime(), timedOut: opts.timedOut ? 1 : 0, score, correctCount, passed: score >= head.passScore ? 1 : 0 })
        .where('id', '=', attemptId)
        .where('status', '=', 'doing')
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) return false;
      for (const i of marked) {
        await trx.updateTable('stuAttemptItem').set({ answer: i.answer, isRight: i.isRight ? 1 : 0, score: i.score }).where('id', '=', i.id).execute();
      }
      // unanswered questions are not "wrong answers": only what the student chose goes to the book
      const outcomes = marked.filter((i) => normalizeAnswer(i.answer)).map((i) => ({ questionId: i.questionId, right: i.isRight, answer: i.answer ?? '' }));
      await recordOutcomes(trx, caller, outcomes, now);
      return true;
    });
    // submitted or timed out, the attempt counts towards assignments from now
    if (closed) await progressRecorded(this.db, caller, { paperId }, now, this.app.log);
    return closed;
  }

  async saveAnswer(caller: StudyCaller, attemptId: string, questionId: string, answer: string): Promise<AttemptAnswerSaved> {
    const a = await this.closeIfExpired(caller, await this.attempt(caller, attemptId));
    if (a.status !== 'doing') throw this.closedRefusal(a);
    const item = await this.db.selectFrom('stuAttemptItem').select(['id', 'type', 'optionsJson']).where('attemptId', '=', a.id).where('questionId', '=', questionId).executeTakeFirst();
    if (!item) throw refuse(MESSAGES.notInAttempt);
    const value = checkedAnswer(item, answer);
    // saved only while the attempt is still open, even if it closes between the check above and now
    const saved = await this.db
      .updateTable('stuAttemptItem')
      .set({ answer: value || null })
      .where('id', '=', item.id)
      .where((eb) => eb.exists(eb.selectFrom('stuAttempt').select('id').where('id', '=', a.id).where('status', '=', 'doing')))
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) throw this.closedRefusal(await this.attempt(caller, a.id));
    return { questionId, answer: value, remainingSeconds: secondsLeft(millis(a.deadlineAt), this.now().getTime()) };
  }

  async submit(caller: StudyCaller, attemptId: string, answers?: Array<{ questionId: string; answer: string }>): Promise<AttemptView> {
    const a = await this.closeIfExpired(caller, await this.attempt(caller, attemptId));
    if (a.status !== 'doing') throw this.closedRefusal(a);
    if (!(await this.finish(caller, a.id, { timedOut: false, answers }))) throw this.closedRefusal(await this.attempt(caller, a.id));
    return this.view(caller, await this.attempt(caller, a.id));
  }

  async read(caller: StudyCaller, attemptId: string): Promise<AttemptView> {
    return this.view(caller, await this.closeIfExpired(caller, await this.attempt(caller, attemptId)));
  }

  async view(caller: StudyCaller, a: AttemptRecord): Promise<AttemptView> {
    const [paper, items] = await Promise.all([
      this.db.selectFrom('stuPaper').select(['title', 'passScore']).where('id', '=', a.paperId).executeTakeFirst(),
      this.db.selectFrom('stuAttemptItem').select(['questionId', 'sortNo', 'type', 'stem', 'analysis', 'optionsJson', 'correctAnswer', 'answer', 'isRight', 'fullScore', 'score']).where('attemptId', '=', a.id).orderBy('sortNo').execute(),
    ]);
    const done = a.status === 'done';
    return {
      id: a.id,
      paperId: a.paperId,
      paperTitle: paper?.title ?? '',
      status: done ? 'done' : 'doing',
      remainingSeconds: done ? null : secondsLeft(millis(a.deadlineAt), this.now().getTime()),
      timedOut: a.timedOut === 1,
      score: a.score,
      totalScore: a.totalScore,
      passScore: paper?.passScore ?? 0,
      passed: a.passed === 1,
      correctCount: a.correctCount,
      questionCount: a.questionCount,
      items: items.map((i): AttemptItemView => {
        const options = (JSON.parse(i.optionsJson) as StoredOption[]).map((o) => ({ label: o.label, content: o.content, image: imageAddress(this.app, o.image) }));
        const base: AttemptItemView = { questionId: i.questionId, sortNo: i.sortNo, type: i.type as QuestionType, stem: i.stem, options, fullScore: i.fullScore, answer: i.answer };
        return done ? { ...base, correctAnswer: i.correctAnswer, isRight: i.isRight === 1, score: i.score, analysis: i.analysis } : base;
      }),
    };
  }

  async list(caller: StudyCaller, paperId: string): Promise<AttemptRow[]> {
    const rows = await inTenant(this.db.selectFrom('stuAttempt').select(ATTEMPT_COLUMNS).where('userId', '=', caller.id).where('paperId', '=', paperId), caller).orderBy('startedAt', 'desc').execute();
    const now = this.now().getTime();
    const closed = await Promise.all(rows.map((r) => (expired(r, now) ? this.closeIfExpired(caller, r) : r)));
    return closed.map((r) => ({
      id: r.id,
      paperId: r.paperId,
      status: r.status === 'done' ? 'done' : 'doing',
      startedAt: formatDateTime(new Date(millis(r.startedAt)!)),
      submittedAt: r.submittedAt === null ? null : formatDateTime(new Date(millis(r.submittedAt)!)),
      timedOut: r.timedOut === 1,
      score: r.score,
      totalScore: r.totalScore,
      passed: r.passed === 1,
      correctCount: r.correctCount,
      questionCount: r.questionCount,
    }));
  }
}

/** An answer in canonical form, its labels among the item's options, one label for single choice and true/false. */
function checkedAnswer(item: { type: string; optionsJson: string }, answer: string): string {
  const value = normalizeAnswer(answer);
  if (!value) return '';
  const known = new Set((JSON.parse(item.optionsJson) as StoredOption[]).map((o) => o.label));
  const chosen = value.split(',');
  if (chosen.some((l) => !known.has(l))) throw refuse(MESSAGES.unknownOption);
  if (item.type !== 'multi' && chosen.length > 1) throw refuse(MESSAGES.oneOption);
  return value;
}

export function registerAttemptRoutes(app: FastifyInstance) {
  const service = new AttemptService(app, app.ctx.db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: STUDY_PERMISSION };
  const tags = ['学习园地'];

  api.get('/students/study/papers', { config, schema: { tags, summary: '可参加的试卷' } }, async (req) => ok(await service.papers(studyCaller(req))));
  api.post('/students/study/attempt/start', { config, schema: { tags, summary: '开始考试（有未完成的则继续）', body: startAttemptInput } }, async (req) =>
    ok(await service.start(studyCaller(req), req.body.paperId, req.body.activityId)),
  );
  api.get('/students/study/attempt', { config, schema: { tags, summary: '本次考试（剩余时间以服务器为准）', querystring: z.object({ id: z.string().min(1).max(32) }) } }, async (req) =>
    ok(await service.read(studyCaller(req), req.query.id)),
  );
  api.post('/students/study/attempt/answer', { config, schema: { tags, summary: '保存一题的答案', body: attemptAnswerInput } }, async (req) =>
    ok(await service.saveAnswer(studyCaller(req), req.body.attemptId, req.body.questionId, req.body.answer)),
  );
  api.post('/students/study/attempt/submit', { config, schema: { tags, summary: '交卷（服务器判分）', body: submitAttemptInput } }, async (req) => {
    const caller = studyCaller(req);
    const view = await service.submit(caller, req.body.attemptId, req.body.answers);
    if (view.passed) await issueAfterPaper(app.ctx, req.log, caller, view.paperId);
    return ok(view);
  });
  api.get('/students/study/attempts', { config, schema: { tags, summary: '我的作答记录', querystring: z.object({ paperId: z.string().min(1).max(32) }) } }, async (req) =>
    ok(await service.list(studyCaller(req), req.query.paperId)),
  );
}
