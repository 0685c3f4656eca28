// 试卷管理: a paper is a fixed list of questions (stu_paper_question) or rules the questions are drawn by
// (stu_paper_rule). Saving a rule paper proves the question bank can satisfy all its rules at once
// without a question counted twice, so a student never meets a paper that cannot be drawn.
import { QUESTION_TYPES } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceDef, type ResourceField } from '../../../core/crud';
import { newId } from '../../../core/db';
import { paperQuestionLink, paperRuleLink, readQuestionTarget, readRuleTarget } from './paper-excel-links';
import { auditFields, fillDefaults, idField, intOf, nonNegative, num, parseList, publishedField, refuseRepeats } from './common';

const MAX_QUESTIONS = 500;
const MAX_RULES = 50;

const questionEntry = z.object({
  questionId: z.string({ error: '请选择题目' }).min(1, '请选择题目').max(32, '题目格式不正确'),
  score: intOf('分值').pipe(z.number().min(1, '分值至少为1').max(100, '分值最多为100')),
});
const blank = (v: unknown) => (v === undefined || v === null || v === '' ? null : v);
const ruleEntry = z.object({
  category: z.preprocess(blank, z.string().max(32, '分类格式不正确').nullable()),
  type: z.preprocess(blank, z.enum(QUESTION_TYPES, { error: '题型只能是单选题、多选题或判断题' }).nullable()),
  difficulty: z.preprocess(blank, z.enum(['1', '2', '3'], { error: '难度只能是容易、中等或困难' }).nullable()),
  questionCount: intOf('题数').pipe(z.number().min(1, '题数至少为1').max(MAX_QUESTIONS, `题数最多为${MAX_QUESTIONS}`)),
  score: intOf('每题分值').pipe(z.number().min(1, '每题分值至少为1').max(100, '每题分值最多为100')),
});
export type PaperQuestionInput = z.infer<typeof questionEntry>;
export type PaperRuleInput = z.infer<typeof ruleEntry>;

async function savedQuestions(db: Kysely<any>, paperId: string): Promise<PaperQuestionInput[]> {
  return db.selectFrom('stuPaperQuestion').select(['questionId', 'score']).where('paperId', '=', paperId).orderBy('sortNo').execute();
}
async function savedRules(db: Kysely<any>, paperId: string): Promise<PaperRuleInput[]> {
  return db.selectFrom('stuPaperRule').select(['category', 'type', 'difficulty', 'questionCount', 'score']).where('paperId', '=', paperId).orderBy('sortNo').execute() as Promise<PaperRuleInput[]>;
}

/** A fixed list: questions of the caller's tenant, not deleted, each once. */
async function checkFixed(ctx: RequestContext, list: PaperQuestionInput[]) {
  if (!list.length) throw new ResourceError('固定试卷至少要有一道题');
  refuseRepeats(
    list.map((q) => q.questionId),
    () => '试卷中的题目不能重复',
  );
  const ids = list.map((q) => q.questionId);
  const found = new Set(
    (await ctx.db.selectFrom('stuQuestion').select('id').where('id', 'in', ids).where('tenantId', '=', ctx.tenantId).where('delFlag', '=', 0).execute()).map((r) => r.id),
  );
  const missing = list.findIndex((q) => !found.has(q.questionId));
  if (missing >= 0) throw new ResourceError(`第${missing + 1}题不存在或已删除`);
}

/**
 * Proves the rules can be drawn together without repeats: a small flow network, rules on one side and
 * groups of alike questions (same category, type and difficulty) on the other, so the check is exact
 * (a greedy pick per rule could refuse a paper that a better assignment satisfies). When it cannot be
 * drawn, the rules that compete for too few questions are named.
 */
export async function checkRulesDrawable(db: Kysely<any>, tenantId: number, rules: PaperRuleInput[]) {
  const groups = (await db
    .selectFrom('stuQuestion')
    .select(['category', 'type', 'difficulty', (eb) => eb.fn.countAll().as('n')])
    .where('tenantId', '=', tenantId)
    .where('delFlag', '=', 0)
    .groupBy(['category', 'type', 'difficulty'])
    .execute()) as Array<{ category: string | null; type: string; difficulty: string; n: number | string }>;
  const fits = (r: PaperRuleInput, g: (typeof groups)[number]) =>
    (r.category === null || r.category === g.category) && (r.type === null || r.type === g.type) && (r.difficulty === null || r.difficulty === g.difficulty);
  const sizeOf = (ruleIdx: number[]) => groups.filter((g) => ruleIdx.some((i) => fits(rules[i], g))).reduce((s, g) => s + Number(g.n), 0);

  // each rule alone first: the plainest message
  for (const [i, r] of rules.entries()) {
    const have = sizeOf([i]);
    if (have < r.questionCount) throw new ResourceError(`题库中符合第${i + 1}条规则的题目不足：需要${r.questionCount}道，只有${have}道`);
  }

  // nodes: 0 source, 1..R rules, R+1..R+G groups, R+G+1 sink
  const R = rules.length;
  const G = groups.length;
  const sink = R + G + 1;
  const cap = Array.from({ length: sink + 1 }, () => new Array<number>(sink + 1).fill(0));
  rules.forEach((r, i) => {
    cap[0][1 + i] = r.questionCount;
    groups.forEach((g, j) => {
      if (fits(r, g)) cap[1 + i][1 + R + j] = Number.MAX_SAFE_INTEGER;
    });
  });
  groups.forEach((g, j) => (cap[1 + R + j][sink] = Number(g.n)));
  const reachable = () => {
    const prev = new Array<number>(sink + 1).fill(-1);
    prev[0] = 0;
    const queue = [0];
    while (queue.length) {
      const u = queue.shift()!;
      for (let v = 0; v <= sink; v++) {
        if (prev[v] === -1 && cap[u][v] > 0) {
          prev[v] = u;
          queue.push(v);
        }
      }
    }
    return prev;
  };
  for (;;) {
    const prev = reachable();
    if (prev[sink] === -1) break;
    let push = Number.MAX_SAFE_INTEGER;
    for (let v = sink; v !== 0; v = prev[v]) push = Math.min(push, cap[prev[v]][v]);
    for (let v = sink; v !== 0; v = prev[v]) {
      cap[prev[v]][v] -= push;
      cap[v][prev[v]] += push;
    }
  }
  // rules still reachable from the source after the maximum flow are the ones left short together
  const prev = reachable();
  const short = rules.map((_, i) => i).filter((i) => prev[1 + i] !== -1);
  const unmet = short.filter((i) => cap[0][1 + i] > 0);
  if (!unmet.length) return;
  const need = short.reduce((s, i) => s + rules[i].questionCount, 0);
  throw new ResourceError(`题库中符合第${short.map((i) => i + 1).join('、')}条规则的题目不足：需要${need}道，只有${sizeOf(short)}道`);
}

/** Total score and question count of papers, fixed and ruled alike. */
export async function paperTotals(db: Kysely<any>, ids: string[]): Promise<Map<string, { totalScore: number; questionCount: number }>> {
  const totals = new Map(ids.map((id) => [id, { totalScore: 0, questionCount: 0 }]));
  if (!ids.length) return totals;
  const fixed = await db
    .selectFrom('stuPaperQuestion')
    .select(['paperId', (eb) => eb.fn.sum<number>('score').as('total'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('paperId', 'in', ids)
    .groupBy('paperId')
    .execute();
  const ruled = await db
    .selectFrom('stuPaperRule')
    .select(['paperId', (eb) => eb.fn.sum<number>(eb('questionCount', '*', eb.ref('score'))).as('total'), (eb) => eb.fn.sum<number>('questionCount').as('n')])
    .where('paperId', 'in', ids)
    .groupBy('paperId')
    .execute();
  for (const r of [...fixed, ...ruled]) {
    const t = totals.get(r.paperId)!;
    t.totalScore += num(r.total);
    t.questionCount += num(r.n);
  }
  return totals;
}

/** A paper saved without a pass mark passes at 60 % of its total (rounded up), as the editor's form proposes. */
export const defaultPassScore = (total: number) => Math.ceil((total * 60) / 100);

const PAPER_FIELDS: ResourceField[] = [
  idField,
  { name: 'title', type: 'string', title: '试卷名称', required: true, max: 200 },
  { name: 'description', type: 'string', title: '说明', max: 1000 },
  { name: 'mode', type: 'string', title: '组卷方式', required: true, max: 8, check: z.enum(['fixed', 'rule'], { error: '组卷方式只能是固定试题或按规则抽题' }) },
  { name: 'timeLimitMinutes', type: 'int', title: '限时（分钟）', check: nonNegative('限时') },
  { name: 'openTime', type: 'datetime', title: '开放时间' },
  { name: 'closeTime', type: 'datetime', title: '关闭时间' },
  { name: 'passScore', type: 'int', title: '及格分', check: nonNegative('及格分') },
  { name: 'maxAttempts', type: 'int', title: '可考次数', check: nonNegative('可考次数') },
  { name: 'scoreRule', type: 'string', title: '计分方式', max: 8, check: z.enum(['best', 'last'], { error: '计分方式只能是最高分或最后一次' }) },
  { name: 'partialCredit', type: 'boolean', title: '多选题部分得分', dictCode: 'yn' },
  { name: 'shuffleOptions', type: 'boolean', title: '打乱选项', dictCode: 'yn' },
  publishedField,
  ...auditFields,
];
const paperDefaults = fillDefaults(PAPER_FIELDS, { timeLimitMinutes: 0, maxAttempts: 0, scoreRule: 'best', partialCredit: 0, shuffleOptions: 1, published: 0 });

export const paperResource: ResourceDef = {
  label: '试卷',
  table: 'stuPaper',
  path: '/students/paper',
  permission: 'students:paper',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  without: ['queryById'],
  fields: PAPER_FIELDS,
  excelLinks: [paperQuestionLink, paperRuleLink],
  extraInput: {
    questions: z.array(z.unknown(), { error: '试卷题目格式不正确' }).optional(),
    rules: z.array(z.unknown(), { error: '组卷规则格式不正确' }).optional(),
  },
  hooks: {
    beforeSave(row, _ctx, mode) {
      paperDefaults(row, mode);
      // A new paper without a pass mark gets a placeholder until afterSave knows its total; an edit
      // that leaves the field out keeps the stored one.
      if (mode === 'edit' && row.passScore === null) throw new ResourceError('及格分不能为空');
      if (row.passScore === null || row.passScore === undefined) row.passScore = 0;
    },
    async afterSave(row, input, ctx, mode) {
      const id = String(row.id);
      const paper = await ctx.db.selectFrom('stuPaper').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (paper.openTime && paper.closeTime && paper.openTime >= paper.closeTime) throw new ResourceError('开放时间必须早于关闭时间');
      await ctx.db.deleteFrom(paper.mode === 'fixed' ? 'stuPaperRule' : 'stuPaperQuestion').where('paperId', '=', id).execute();
      let total = 0;
      if (paper.mode === 'fixed') {
        const list = input.questions !== undefined ? parseList(questionEntry, input.questions, '试卷题目', MAX_QUESTIONS) : await savedQuestions(ctx.db, id);
        await checkFixed(ctx, list);
        if (input.questions !== undefined) {
          await ctx.db.deleteFrom('stuPaperQuestion').where('paperId', '=', id).execute();
          await ctx.db
            .insertInto('stuPaperQuestion')
            .values(list.map((q, i) => ({ id: newId(), paperId: id, questionId: q.questionId, score: q.score, sortNo: i + 1, tenantId: ctx.tenantId })))
            .execute();
        }
        total = list.reduce((s, q) => s + q.score, 0);
      } else {
        const rules = input.rules !== undefined ? parseList(ruleEntry, input.rules, '组卷规则', MAX_RULES) : await savedRules(ctx.db, id);
        if (!rules.length) throw new ResourceError('按规则抽题的试卷至少要有一条规则');
        await checkRulesDrawable(ctx.db, ctx.tenantId, rules);
        if (input.rules !== undefined) {
          await ctx.db.deleteFrom('stuPaperRule').where('paperId', '=', id).execute();
          await ctx.db
            .insertInto('stuPaperRule')
            .values(rules.map((r, i) => ({ id: newId(), paperId: id, ...r, sortNo: i + 1, tenantId: ctx.tenantId })))
            .execute();
        }
        total = rules.reduce((s, r) => s + r.questionCount * r.score, 0);
      }
      if (mode === 'add' && (input.passScore === null || input.passScore === undefined)) {
        await ctx.db.updateTable('stuPaper').set({ passScore: defaultPassScore(total) }).where('id', '=', id).execute();
        return;
      }
      if (Number(paper.passScore) > total) throw new ResourceError(`及格分（${paper.passScore}分）不能高于总分（${total}分）`);
    },
    checkImportRow: checkImportedPaper,
    async beforeDelete(ids, ctx) {
      const attempted = await ctx.db.selectFrom('stuAttempt as a').innerJoin('stuPaper as p', 'p.id', 'a.paperId').select('p.title').where('a.paperId', 'in', ids).executeTakeFirst();
      if (attempted) throw new ResourceError(`试卷“${attempted.title}”已有学生作答，不能删除，可改为不发布`);
      const used = await ctx.db.selectFrom('stuActivity').select('title').where('paperId', 'in', ids).executeTakeFirst();
      if (used) throw new ResourceError(`试卷已被专题活动“${used.title}”使用，不能删除`);
      await ctx.db.deleteFrom('stuPaperQuestion').where('paperId', 'in', ids).execute();
      await ctx.db.deleteFrom('stuPaperRule').where('paperId', 'in', ids).execute();
    },
    async decorate(records, ctx) {
      const totals = await paperTotals(
        ctx.db,
        records.map((r) => String(r.id)),
      );
      for (const r of records) Object.assign(r, totals.get(String(r.id)));
    },
  },
};

/** What queryById adds to a paper: its questions (with their stems) or its rules. */
export async function paperDetail(db: Kysely<any>, paperId: string) {
  const questions = await db
    .selectFrom('stuPaperQuestion as pq')
    .innerJoin('stuQuestion as q', 'q.id', 'pq.questionId')
    .select(['pq.questionId', 'pq.score', 'pq.sortNo', 'q.stem', 'q.type', 'q.difficulty', 'q.category'])
    .where('pq.paperId', '=', paperId)
    .orderBy('pq.sortNo')
    .execute();
  const rules = await db
    .selectFrom('stuPaperRule')
    .select(['category', 'type', 'difficulty', 'questionCount', 'score', 'sortNo'])
    .where('paperId', '=', paperId)
    .orderBy('sortNo')
    .execute();
  return { questions, rules };
}

/**
 * An imported paper is whole, as one saved on the page is: a fixed paper has questions (each once), a
 * rule paper has rules the bank can satisfy, and the pass mark is within the total. Links are the
 * resource's excelLinks in order: [试题, 抽题规则].
 */
export async function checkImportedPaper(row: Record<string, unknown>, targets: Array<string[] | undefined>, ctx: RequestContext): Promise<void> {
  const [questions = [], rules = []] = targets;
  if (row.openTime && row.closeTime && String(row.openTime) >= String(row.closeTime)) throw new ResourceError('开放时间必须早于关闭时间');
  let total: number;
  if (row.mode === 'fixed') {
    if (!questions.length) throw new ResourceError('固定试卷至少要有一道题（试题列）');
    if (rules.length) throw new ResourceError('固定试卷不用抽题规则');
    const read = questions.map(readQuestionTarget);
    if (new Set(read.map((q) => q.questionId)).size !== read.length) throw new ResourceError('试卷中的题目不能重复');
    total = read.reduce((s, q) => s + q.score, 0);
  } else {
    if (!rules.length) throw new ResourceError('按规则抽题的试卷至少要有一条规则（抽题规则列）');
    if (questions.length) throw new ResourceError('按规则抽题的试卷不用固定试题');
    const read = rules.map((t) => {
      const r = ruleEntry.safeParse(readRuleTarget(t));
      if (!r.success) throw new ResourceError(r.error.issues[0]?.message ?? '组卷规则格式不正确');
      return r.data;
    });
    await checkRulesDrawable(ctx.db, ctx.tenantId, read);
    total = read.reduce((s, r) => s + r.questionCount * r.score, 0);
  }
  if (row.passScore === null || row.passScore === undefined) row.passScore = defaultPassScore(total);
  if (Number(row.passScore) > total) throw new ResourceError(`及格分（${row.passScore}分）不能高于总分（${total}分）`);
}
