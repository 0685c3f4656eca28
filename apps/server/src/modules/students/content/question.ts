// 理论题库: questions with their options in stu_question_option. The answer column is computed from the
// options marked correct, never taken from the client. A spreadsheet carries one question per row
// (题型, 题干, 选项A…选项F, 答案, 解析, 难度, 分类, 学段, 分值); export writes the same columns so an export re-imports.
import { QUESTION_TYPES, STUDENT_DICTS, type QuestionType } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { insertRows, ResourceError, type RequestContext, type ResourceDef, type ResourceField } from '../../../core/crud';
import { newId } from '../../../core/db';
import { auditFields, categoryField, gradeBandField, idField, optText, parseList } from './common';

export const OPTION_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
const JUDGE_TEXTS = ['正确', '错误'] as const;

export interface QuestionOption {
  label: string;
  content: string;
  image: string | null;
  isCorrect: boolean;
}

const optionSchema = z.object({
  label: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.string().max(1).optional().nullable()),
  content: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ error: '选项内容不能为空' }).min(1, '选项内容不能为空').max(1000, '选项内容最长1000个字符'),
  ),
  image: optText('选项图片', 500),
  isCorrect: z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean()),
});

/**
 * Checks a question's options by its type and answers them labelled, with the answer ("A" or "A,C").
 * Options without a label take the letter of their position.
 */
export function checkOptions(type: QuestionType, raw: unknown): { options: QuestionOption[]; answer: string } {
  const parsed = parseList(optionSchema, raw, '选项', OPTION_LABELS.length + 10);
  const options: QuestionOption[] = parsed.map((o, i) => ({ label: o.label || OPTION_LABELS[i] || '?', content: o.content, image: o.image ?? null, isCorrect: o.isCorrect }));
  const name = type === 'single' ? '单选题' : '多选题';
  if (type !== 'judge' && (options.length < 2 || options.length > OPTION_LABELS.length)) throw new ResourceError(`${name}需要2到6个选项`);
  for (const o of options) {
    if (!(OPTION_LABELS as readonly string[]).includes(o.label)) throw new ResourceError(`选项标签只能是 A–F，不能是“${o.label}”`);
  }
  const labels = new Set<string>();
  for (const o of options) {
    if (labels.has(o.label)) throw new ResourceError(`选项标签“${o.label}”重复`);
    labels.add(o.label);
  }
  const correct = options.filter((o) => o.isCorrect).length;
  if (type === 'judge') {
    const texts = options.map((o) => o.content).sort();
    if (options.length !== 2 || texts[0] !== '正确' || texts[1] !== '错误') throw new ResourceError('判断题只能有“正确”“错误”两个选项');
    if (correct !== 1) throw new ResourceError('判断题必须有且只有一个正确选项');
  } else {
    if (type === 'single' && correct !== 1) throw new ResourceError('单选题必须有且只有一个正确选项');
    if (type === 'multi' && correct < 2) throw new ResourceError('多选题至少要有两个正确选项');
  }
  options.sort((a, b) => a.label.localeCompare(b.label));
  const answer = options
    .filter((o) => o.isCorrect)
    .map((o) => o.label)
    .join(',');
  return { options, answer };
}

export async function loadOptions(db: Kysely<any>, questionIds: readonly string[]): Promise<Map<string, QuestionOption[]>> {
  const byQuestion = new Map<string, QuestionOption[]>();
  if (!questionIds.length) return byQuestion;
  const rows = await db
    .selectFrom('stuQuestionOption')
    .select(['questionId', 'label', 'content', 'image', 'isCorrect'])
    .where('questionId', 'in', [...questionIds])
    .orderBy('questionId')
    .orderBy('sortNo')
    .execute();
  for (const r of rows as Array<{ questionId: string; label: string; content: string; image: string | null; isCorrect: number }>) {
    if (!byQuestion.has(r.questionId)) byQuestion.set(r.questionId, []);
    byQuestion.get(r.questionId)!.push({ label: r.label, content: r.content, image: r.image, isCorrect: Number(r.isCorrect) === 1 });
  }
  return byQuestion;
}

async function replaceOptions(db: Kysely<any>, questionId: string, tenantId: number, options: QuestionOption[]) {
  await db.deleteFrom('stuQuestionOption').where('questionId', '=', questionId).execute();
  if (!options.length) return;
  await db
    .insertInto('stuQuestionOption')
    .values(options.map((o, i) => ({ id: newId(), questionId, tenantId, label: o.label, content: o.content, image: o.image, isCorrect: o.isCorrect ? 1 : 0, sortNo: i + 1 })))
    .execute();
}

/** Refuses to delete questions a paper's fixed list uses (rule papers draw from whatever is left). */
async function refuseUsedQuestions(ids: string[], ctx: RequestContext) {
  const used = await ctx.db
    .selectFrom('stuPaperQuestion as pq')
    .innerJoin('stuPaper as p', 'p.id', 'pq.paperId')
    .select(['p.title'])
    .where('pq.questionId', 'in', ids)
    .executeTakeFirst();
  if (used) throw new ResourceError(`题目已被试卷“${used.title}”使用，不能删除`);
}

const typeField: ResourceField = {
  name: 'type',
  type: 'string',
  title: '题型',
  required: true,
  dictCode: STUDENT_DICTS.questionType,
  max: 16,
  check: z.enum(QUESTION_TYPES, { error: '题型只能是单选题、多选题或判断题' }),
};
const stemField: ResourceField = { name: 'stem', type: 'string', title: '题干', required: true, max: 5000 };
const analysisField: ResourceField = { name: 'analysis', type: 'string', title: '解析', max: 5000 };
const difficultyField: ResourceField = {
  name: 'difficulty',
  type: 'string',
  title: '难度',
  required: true,
  dictCode: STUDENT_DICTS.difficulty,
  max: 8,
  check: z.enum(['1', '2', '3'], { error: '难度只能是容易、中等或困难' }),
};
const scoreField: ResourceField = { name: 'score', type: 'int', title: '分值', required: true, check: z.number().int().min(1, '分值至少为1').max(100, '分值最多为100') };

const PAGE_FIELDS: ResourceField[] = [
  idField,
  typeField,
  stemField,
  { name: 'answer', type: 'string', title: '答案', writable: false, max: 64 },
  analysisField,
  difficultyField,
  categoryField,
  gradeBandField,
  scoreField,
  ...auditFields,
];

export const theoryQuestionResource: ResourceDef = {
  label: '题目',
  table: 'stuQuestion',
  dataLog: true,
  path: '/students/theoryQuestion',
  permission: 'students:theoryQuestion',
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  // the spreadsheet goes through questionSheetResource (options as columns)
  without: ['exportXls', 'importExcel'],
  fields: PAGE_FIELDS,
  extraInput: { options: z.array(z.unknown(), { error: '选项格式不正确' }).optional() },
  hooks: {
    async afterSave(row, input, ctx, mode) {
      const id = String(row.id);
      const current = mode === 'edit' ? await ctx.db.selectFrom('stuQuestion').select(['type']).where('id', '=', id).executeTakeFirstOrThrow() : undefined;
      const type = (row.type ?? current?.type) as QuestionType;
      // an edit without options keeps them, but they must still fit the (maybe changed) type
      const raw = input.options ?? (mode === 'edit' ? (await loadOptions(ctx.db, [id])).get(id) ?? [] : undefined);
      if (raw === undefined) throw new ResourceError('请填写选项');
      const { options, answer } = checkOptions(type, raw);
      if (input.options !== undefined) await replaceOptions(ctx.db, id, ctx.tenantId, options);
      await ctx.db.updateTable('stuQuestion').set({ answer }).where('id', '=', id).execute();
    },
    beforeDelete: refuseUsedQuestions,
    async decorate(records, ctx) {
      const options = await loadOptions(
        ctx.db,
        records.map((r) => String(r.id)),
      );
      for (const r of records) r.options = options.get(String(r.id)) ?? [];
    },
  },
};

// ---------- spreadsheet ----------

const OPTION_TITLES: Record<(typeof OPTION_LABELS)[number], string> = { A: '选项A', B: '选项B', C: '选项C', D: '选项D', E: '选项E', F: '选项F' };
const optionColumns: ResourceField[] = OPTION_LABELS.map((l) => ({ name: `option${l}`, type: 'string', title: OPTION_TITLES[l], max: 1000, readable: false, excel: true }));


/** The 答案 cell: "A", "AC", "A,C", "A、C"; for 判断题 also 正确/错误 (对/错, √/×). */
function answerLabels(type: QuestionType, cell: unknown): string[] {
  const text = String(cell ?? '').trim();
  if (type === 'judge') {
    if (['正确', '对', '√', 'T', 'TRUE'].includes(text.toUpperCase())) return ['A'];
    if (['错误', '错', '×', 'F', 'FALSE'].includes(text.toUpperCase())) return ['B'];
  }
  return [...new Set(text.toUpperCase().replace(/[\s,，、;；]/g, '').split('').filter(Boolean))];
}

function optionsFromSheet(row: Record<string, unknown>): QuestionOption[] {
  const type = row.type as QuestionType;
  const labels = answerLabels(type, row.answer);
  if (!labels.length) throw new ResourceError('答案不能为空');
  let options = OPTION_LABELS.filter((l) => row[`option${l}`] !== null && row[`option${l}`] !== undefined && String(row[`option${l}`]).trim() !== '').map((l) => ({
    label: l,
    content: String(row[`option${l}`]).trim(),
    image: null,
    isCorrect: false,
  }));
  // a 判断题 row may leave the options empty: they are always 正确 / 错误
  if (type === 'judge' && !options.length) options = JUDGE_TEXTS.map((content, i) => ({ label: OPTION_LABELS[i], content, image: null, isCorrect: false }));
  const bad = labels.find((l) => !options.some((o) => o.label === l));
  if (bad) throw new ResourceError(`答案“${bad}”不在选项中`);
  for (const o of options) o.isCorrect = labels.includes(o.label);
  return options;
}

/** The same rows with the options as columns, for exportXls and importExcel of 理论题库. */
export const questionSheetResource: ResourceDef = {
  ...theoryQuestionResource,
  without: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  fields: [
    idField,
    typeField,
    stemField,
    ...optionColumns,
    { name: 'answer', type: 'string', title: '答案', required: true, max: 64 },
    analysisField,
    difficultyField,
    categoryField,
    gradeBandField,
    scoreField,
    ...auditFields,
  ],
  extraInput: undefined,
  hooks: {
    beforeSave(row, ctx, mode) {
      if (mode !== 'import') return;
      const { options, answer } = checkOptions(row.type as QuestionType, optionsFromSheet(row));
      for (const l of OPTION_LABELS) delete row[`option${l}`];
      row.answer = answer;
      // kept until the question is written (afterImport)
      ctx.importState?.set(String(row.id), options);
    },
    afterImportReads: ['tenantId'],
    async afterImport(rows, ctx) {
      const values = rows.flatMap((row) =>
        ((ctx.importState?.get(String(row.id)) as QuestionOption[] | undefined) ?? []).map((o, i) => ({
          id: newId(),
          questionId: String(row.id),
          tenantId: Number(row.tenantId ?? ctx.tenantId),
          label: o.label,
          content: o.content,
          image: o.image,
          isCorrect: o.isCorrect ? 1 : 0,
          sortNo: i + 1,
        })),
      );
      await insertRows(ctx, 'stuQuestionOption', values);
    },
    async decorate(records, ctx) {
      const options = await loadOptions(
        ctx.db,
        records.map((r) => String(r.id)),
      );
      for (const r of records) {
        const own = options.get(String(r.id)) ?? [];
        for (const o of own) r[`option${o.label}`] = o.content;
        // a 判断题's answer reads better as its text, and imports back the same
        if (r.type === 'judge') r.answer = own.find((o) => o.isCorrect)?.content ?? r.answer;
      }
    },
  },
};
