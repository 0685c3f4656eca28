import type { Kysely } from 'kysely';
import type { ExcelLink, RequestContext } from '../../../core/crud';
import { newId } from '../../../core/db';
import { STUDENT_DICTS } from '@anxue/shared';

// A paper's 试题 and 抽题规则 in spreadsheets, one per line, so export → delete → import restores a paper
// with its questions and scores or its drawing rules:
//   试题      5分｜下列哪种做法可以预防火灾？        (score, then the stem; without a score, the question's own)
//   抽题规则  分类：消防安全｜题型：单选题｜难度：容易｜题数：5｜每题分值：2   (a part left out: any)
// Stems resolve among the tenant's questions (one that matches several is the row's error); dictionary
// parts take the text or the code.

const SEP = '｜';

/** A drawing rule as stored (stu_paper_rule). */
export interface PaperRuleInput {
  category: string | null;
  type: string | null;
  difficulty: string | null;
  questionCount: number;
  score: number;
}
const MAX_SCORE = 100;

/** A stem as written in a cell: one line, single spaces. */
const flat = (stem: string) => stem.replace(/\s+/g, ' ').trim();

async function dictMaps(db: Kysely<any>) {
  const rows = (await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('d.dictCode', 'in', [STUDENT_DICTS.category, STUDENT_DICTS.questionType, STUDENT_DICTS.difficulty])
    .execute()) as Array<{ dictCode: string; itemValue: string; itemText: string }>;
  const text = new Map<string, Map<string, string>>();
  const value = new Map<string, Map<string, string>>();
  for (const r of rows) {
    if (!text.has(r.dictCode)) (text.set(r.dictCode, new Map()), value.set(r.dictCode, new Map()));
    text.get(r.dictCode)!.set(r.itemValue, r.itemText);
    value.get(r.dictCode)!.set(r.itemText, r.itemValue);
  }
  return { textOf: (code: string, v: string) => text.get(code)?.get(v) ?? v, valueOf: (code: string, t: string) => value.get(code)?.get(t) ?? (text.get(code)?.has(t) ? t : undefined) };
}

/** A question target carries its score: `<questionId>:<score>`. */
const questionTarget = (id: string, score: number) => `${id}:${score}`;
export function readQuestionTarget(target: string): { questionId: string; score: number } {
  const [questionId, score] = target.split(':');
  return { questionId: questionId!, score: Number(score) };
}

// one import's question bank by stem, read once per import (ctx is the import's own)
const banks = new WeakMap<RequestContext, Promise<Map<string, Array<{ id: string; score: number }>>>>();
function bankOf(ctx: RequestContext) {
  let bank = banks.get(ctx);
  if (!bank) {
    bank = (async () => {
      const rows = await ctx.db.selectFrom('stuQuestion').select(['id', 'stem', 'score']).where('tenantId', '=', ctx.tenantId).where('delFlag', '=', 0).execute();
      const byStem = new Map<string, Array<{ id: string; score: number }>>();
      for (const r of rows as Array<{ id: string; stem: string; score: number }>) {
        const key = flat(r.stem);
        byStem.set(key, [...(byStem.get(key) ?? []), { id: r.id, score: Number(r.score) }]);
      }
      return byStem;
    })();
    banks.set(ctx, bank);
  }
  return bank;
}

export const paperQuestionLink: ExcelLink = {
  title: '试题',
  onePerLine: true,
  async names(db, ids) {
    const rows = (await db
      .selectFrom('stuPaperQuestion as pq')
      .innerJoin('stuQuestion as q', 'q.id', 'pq.questionId')
      .select(['pq.paperId', 'pq.score', 'q.stem'])
      .where('pq.paperId', 'in', ids)
      .orderBy('pq.paperId')
      .orderBy('pq.sortNo')
      .execute()) as Array<{ paperId: string; score: number; stem: string }>;
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.paperId, [...(out.get(r.paperId) ?? []), `${r.score}分${SEP}${flat(r.stem)}`]);
    return out;
  },
  async lookup(ctx, names) {
    const bank = await bankOf(ctx);
    const out = new Map<string, { id: string } | { error: string }>();
    for (const name of names) {
      const m = /^(\d{1,3})\s*分\s*[｜|]\s*(.+)$/s.exec(name);
      const stem = flat(m ? m[2]! : name);
      const found = bank.get(stem) ?? [];
      const shown = stem.length > 30 ? `${stem.slice(0, 30)}…` : stem;
      if (!found.length) out.set(name, { error: `试题“${shown}”在题库中不存在` });
      else if (found.length > 1) out.set(name, { error: `试题“${shown}”在题库中有${found.length}道，无法确定是哪一道` });
      else {
        const score = m ? Number(m[1]) : found[0]!.score;
        out.set(name, score >= 1 && score <= MAX_SCORE ? { id: questionTarget(found[0]!.id, score) } : { error: `试题“${shown}”的分值应为1到${MAX_SCORE}` });
      }
    }
    return out;
  },
  async write(ctx, links) {
    const rows = links.flatMap((l) =>
      l.targets.map((t, i) => ({ id: newId(), paperId: l.id, ...readQuestionTarget(t), sortNo: i + 1, tenantId: ctx.tenantId })),
    );
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuPaperQuestion').values(rows.slice(i, i + 500)).execute();
  },
};

const RULE_PARTS = { 分类: 'category', 题型: 'type', 难度: 'difficulty', 题数: 'questionCount', 每题分值: 'score' } as const;

export function readRuleTarget(target: string): PaperRuleInput {
  return JSON.parse(target) as PaperRuleInput;
}

export const paperRuleLink: ExcelLink = {
  title: '抽题规则',
  onePerLine: true,
  async names(db, ids) {
    const dict = await dictMaps(db);
    const rows = (await db
      .selectFrom('stuPaperRule')
      .select(['paperId', 'category', 'type', 'difficulty', 'questionCount', 'score'])
      .where('paperId', 'in', ids)
      .orderBy('paperId')
      .orderBy('sortNo')
      .execute()) as Array<PaperRuleInput & { paperId: string }>;
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const parts = [
        r.category ? `分类：${dict.textOf(STUDENT_DICTS.category, r.category)}` : null,
        r.type ? `题型：${dict.textOf(STUDENT_DICTS.questionType, r.type)}` : null,
        r.difficulty ? `难度：${dict.textOf(STUDENT_DICTS.difficulty, r.difficulty)}` : null,
        `题数：${r.questionCount}`,
        `每题分值：${r.score}`,
      ].filter(Boolean);
      out.set(r.paperId, [...(out.get(r.paperId) ?? []), parts.join(SEP)]);
    }
    return out;
  },
  async lookup(ctx, names) {
    const dict = await dictMaps(ctx.db);
    const out = new Map<string, { id: string } | { error: string }>();
    for (const name of names) {
      const rule: PaperRuleInput = { category: null, type: null, difficulty: null, questionCount: 0, score: 0 };
      let error: string | undefined;
      for (const part of name.split(/[｜|]/).map((p) => p.trim()).filter(Boolean)) {
        const m = /^([^：:]+)[：:]\s*(.+)$/.exec(part);
        const key = m ? RULE_PARTS[m[1]!.trim() as keyof typeof RULE_PARTS] : undefined;
        if (!m || !key) {
          error = `抽题规则“${part}”看不懂，应为 分类：…｜题型：…｜难度：…｜题数：…｜每题分值：…`;
          break;
        }
        const v = m[2]!.trim();
        if (key === 'questionCount' || key === 'score') {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 1 || n > (key === 'score' ? MAX_SCORE : 500)) {
            error = `抽题规则的${m[1]}“${v}”不正确`;
            break;
          }
          rule[key] = n;
        } else {
          const code = key === 'category' ? STUDENT_DICTS.category : key === 'type' ? STUDENT_DICTS.questionType : STUDENT_DICTS.difficulty;
          const value = dict.valueOf(code, v);
          if (value === undefined) {
            error = `抽题规则的${m[1]}“${v}”不存在`;
            break;
          }
          (rule as unknown as Record<string, unknown>)[key] = value;
        }
      }
      if (!error && (!rule.questionCount || !rule.score)) error = `抽题规则“${name}”缺少题数或每题分值`;
      out.set(name, error ? { error } : { id: JSON.stringify(rule) });
    }
    return out;
  },
  async write(ctx, links) {
    const rows = links.flatMap((l) => l.targets.map((t, i) => ({ id: newId(), paperId: l.id, ...readRuleTarget(t), sortNo: i + 1, tenantId: ctx.tenantId })));
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insertInto('stuPaperRule').values(rows.slice(i, i + 500)).execute();
  },
};
