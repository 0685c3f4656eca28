import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { practiceAnswerInput, practiceQuery, STUDY_PERMISSION, type PracticeQuestion, type PracticeVerdict, type QuestionType, type WrongBookEntry } from '@anxue/shared';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query/page';
import type { Db } from '../../../core/db';
import { addStudyDictTexts, imageAddress, inTenant, refuse, studyCaller } from './common';
import { freezeOptions } from './paper-drawer';
import { normalizeAnswer, scoreAnswer } from './scoring';
import { recordOutcomes } from './wrong-book';

type QuestionRow = { id: string; type: string; stem: string; score: number };

/** Questions as a student sees them in practice: options by label, never which is right. */
async function practiceQuestions(app: FastifyInstance, db: Db, rows: QuestionRow[]): Promise<PracticeQuestion[]> {
  if (!rows.length) return [];
  const options = await db
    .selectFrom('stuQuestionOption')
    .select(['questionId', 'label', 'content', 'image'])
    .where('questionId', 'in', rows.map((r) => r.id))
    .orderBy('label')
    .execute();
  const byQuestion = new Map<string, PracticeQuestion['options']>();
  for (const o of options) byQuestion.set(o.questionId, [...(byQuestion.get(o.questionId) ?? []), { label: o.label, content: o.content, image: imageAddress(app, o.image) }]);
  const out = rows.map((r) => ({ id: r.id, type: r.type as QuestionType, stem: r.stem, score: r.score, options: byQuestion.get(r.id) ?? [] }));
  await addStudyDictTexts(db, out);
  return out;
}

/** Practice one by one with instant feedback, judged on the server, and the wrong-answer book. */
export function registerPracticeRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: STUDY_PERMISSION };

  api.get('/students/study/practice/questions', { config, schema: { tags: ['学习园地'], summary: '练习题（不含答案）', querystring: practiceQuery } }, async (req) => {
    const caller = studyCaller(req);
    const { pageNo, pageSize, category, type, gradeBand } = req.query;
    let qb = inTenant(db.selectFrom('stuQuestion').select(['id', 'type', 'stem', 'score']).where('delFlag', '=', 0), caller);
    if (category) qb = qb.where('category', '=', category);
    if (type) qb = qb.where('type', '=', type);
    if (gradeBand) qb = qb.where('gradeBand', '=', gradeBand);
    const page = await fetchPage(qb.orderBy('createTime').orderBy('id'), pageNo, pageSize);
    return ok({ ...page, records: await practiceQuestions(app, db, page.records) });
  });

  api.post('/students/study/practice/answer', { config, schema: { tags: ['学习园地'], summary: '练习作答：判题、正确答案与解析', body: practiceAnswerInput } }, async (req) => {
    const caller = studyCaller(req);
    const question = await inTenant(db.selectFrom('stuQuestion').select(['id', 'type', 'answer', 'analysis', 'score']).where('id', '=', req.body.questionId).where('delFlag', '=', 0), caller).executeTakeFirst();
    if (!question) throw refuse('题目不存在');
    const answer = normalizeAnswer(req.body.answer);
    if (!answer) throw refuse('请选择答案');
    const options = await db.selectFrom('stuQuestionOption').select(['label', 'content', 'image', 'isCorrect']).where('questionId', '=', question.id).orderBy('label').execute();
    const { correctAnswer } = freezeOptions(options, { shuffle: false, storedAnswer: question.answer });
    const { isRight } = scoreAnswer({ type: question.type, correctAnswer, answer, fullScore: question.score, partialCredit: false });
    const entry = await db.transaction().execute(async (trx) => {
      await recordOutcomes(trx, caller, [{ questionId: question.id, right: isRight, answer }], clock.now());
      return trx.selectFrom('stuWrongBook').select(['wrongCount', 'rightStreak', 'mastered']).where('userId', '=', caller.id).where('questionId', '=', question.id).executeTakeFirst();
    });
    const verdict: PracticeVerdict = {
      right: isRight,
      correctAnswer,
      analysis: question.analysis,
      wrongBook: entry ? { wrongCount: entry.wrongCount, rightStreak: entry.rightStreak, mastered: entry.mastered === 1 } : null,
    };
    return ok(verdict);
  });

  api.get('/students/study/wrongBook', { config, schema: { tags: ['学习园地'], summary: '错题本（未掌握的题目）' } }, async (req) => {
    const caller = studyCaller(req);
    const rows = await inTenant(
      db
        .selectFrom('stuWrongBook as w')
        .innerJoin('stuQuestion as q', 'q.id', 'w.questionId')
        .select(['w.questionId', 'w.wrongCount', 'w.rightStreak', 'w.lastWrongAt', 'q.id', 'q.type', 'q.stem', 'q.score'])
        .where('w.userId', '=', caller.id)
        .where('w.mastered', '=', 0)
        .where('q.delFlag', '=', 0)
        .orderBy('w.lastWrongAt', 'desc')
        .orderBy('w.id')
        .limit(500),
      caller,
      'w.tenantId',
    ).execute();
    const questions = new Map((await practiceQuestions(app, db, rows)).map((q) => [q.id, q]));
    const entries: WrongBookEntry[] = rows.map((r) => ({ questionId: r.questionId, wrongCount: r.wrongCount, rightStreak: r.rightStreak, lastWrongAt: r.lastWrongAt, question: questions.get(r.id)! }));
    return ok(entries);
  });
}
