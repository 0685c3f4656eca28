import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller, multipart, sheetRows, xlsx } from './testing';

// 试卷管理: fixed lists and rules, the bank check, totals, times and scores.
let t: TestApp;
let admin: ReturnType<typeof caller>;
let token = '';
const P = '/students/paper';
const ids: Record<string, string> = {};

async function question(stem: string, type: 'single' | 'judge', category: string, difficulty = '1') {
  const options =
    type === 'judge'
      ? [{ content: '正确', isCorrect: true }, { content: '错误' }]
      : [
          { content: '对的', isCorrect: true },
          { content: '错的', isCorrect: false },
        ];
  ids[stem] = await admin.add('/students/theoryQuestion', { type, stem, difficulty, category, score: 5, options }, `stem=${encodeURIComponent(stem)}`);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app);
  admin = caller(t, token);
  // fire: 3 single + 1 judge; traffic: 2 single
  for (const s of ['火1', '火2', '火3']) await question(s, 'single', 'fire');
  await question('火判断', 'judge', 'fire');
  for (const s of ['路1', '路2']) await question(s, 'single', 'traffic', '2');
});
afterAll(() => t.close());

const base = { title: '消防知识小测', mode: 'fixed', timeLimitMinutes: 10, passScore: 6, maxAttempts: 2, scoreRule: 'best', partialCredit: 0 };

describe('papers', () => {
  it('adds a fixed paper; queryById answers its questions, the list its total and count', async () => {
    const id = await admin.add(P, { ...base, questions: [{ questionId: ids['火1'], score: 5 }, { questionId: ids['火判断'], score: 3 }] }, `title=${encodeURIComponent('消防知识小测')}`);
    const got = (await admin.get(`${P}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ title: '消防知识小测', mode: 'fixed', totalScore: 8, questionCount: 2, passScore: 6, shuffleOptions: 1, scoreRule: 'best' });
    expect(got.questions.map((q: any) => [q.stem, q.score, q.sortNo])).toEqual([
      ['火1', 5, 1],
      ['火判断', 3, 2],
    ]);
    expect(got.rules).toEqual([]);
    const listed = await admin.list(`${P}/list?title=${encodeURIComponent('消防*')}`);
    expect(listed[0]).toMatchObject({ totalScore: 8, questionCount: 2 });
  });

  it('a paper saved without a pass mark passes at 60 % of its total, rounded up', async () => {
    const { passScore: _omit, ...noPass } = base;
    const fixed = await admin.add(P, { ...noPass, title: '十一分卷', questions: [{ questionId: ids['火2'], score: 5 }, { questionId: ids['路2'], score: 6 }] }, `title=${encodeURIComponent('十一分卷')}`);
    expect((await admin.get(`${P}/queryById?id=${fixed}`)).body.result).toMatchObject({ totalScore: 11, passScore: 7 });
    const blank = await admin.add(P, { ...base, passScore: null, title: '空及格分卷', questions: [{ questionId: ids['火2'], score: 3 }] }, `title=${encodeURIComponent('空及格分卷')}`);
    expect((await admin.get(`${P}/queryById?id=${blank}`)).body.result).toMatchObject({ totalScore: 3, passScore: 2 });
    const rules = [{ category: 'fire', questionCount: 2, score: 5 }];
    const ruled = await admin.add(P, { ...noPass, title: '规则默认卷', mode: 'rule', rules }, `title=${encodeURIComponent('规则默认卷')}`);
    expect((await admin.get(`${P}/queryById?id=${ruled}`)).body.result).toMatchObject({ passScore: 6 });
    // an edit that leaves the field out keeps the stored mark, and the refusal names both figures
    expect((await admin.put(`${P}/edit`, { id: fixed, title: '十一分卷（改）' })).body.success).toBe(true);
    expect((await admin.get(`${P}/queryById?id=${fixed}`)).body.result).toMatchObject({ passScore: 7 });
    expect((await admin.put(`${P}/edit`, { id: fixed, passScore: 12 })).body).toMatchObject({ success: false, message: '及格分（12分）不能高于总分（11分）' });
  });

  it('refuses fixed lists with repeats, unknown questions, or a pass score above the total', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, questions: [] }, '固定试卷至少要有一道题'],
      [{ ...base, questions: [{ questionId: ids['火1'], score: 5 }, { questionId: ids['火1'], score: 5 }] }, '试卷中的题目不能重复'],
      [{ ...base, questions: [{ questionId: 'nope', score: 5 }] }, '第1题不存在或已删除'],
      [{ ...base, questions: [{ questionId: ids['火1'], score: 0 }] }, '第1条试卷题目：分值至少为1'],
      [{ ...base, passScore: 20, questions: [{ questionId: ids['火1'], score: 5 }] }, '及格分（20分）不能高于总分（5分）'],
      [{ ...base, openTime: '2026-05-02 08:00:00', closeTime: '2026-05-01 08:00:00', questions: [{ questionId: ids['火1'], score: 10 }] }, '开放时间必须早于关闭时间'],
      [{ ...base, maxAttempts: -1, questions: [{ questionId: ids['火1'], score: 10 }] }, '可考次数不能小于0'],
      [{ ...base, mode: 'random' }, '组卷方式只能是固定试题或按规则抽题'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.post(`${P}/add`, { ...payload, title: '坏试卷' });
      expect(res.status).toBe(200);
      expect(res.body, message).toMatchObject({ success: false, message });
    }
    expect(await admin.list(`${P}/list?title=${encodeURIComponent('坏试卷')}`)).toEqual([]);
  });

  it('a rule paper is saved when the bank can satisfy all its rules together', async () => {
    const rules = [
      { category: 'fire', type: 'single', difficulty: null, questionCount: 2, score: 5 },
      { category: 'fire', type: null, difficulty: null, questionCount: 2, score: 5 },
      { category: 'traffic', type: '', difficulty: '2', questionCount: 1, score: 10 },
    ];
    const id = await admin.add(P, { ...base, title: '规则卷', mode: 'rule', passScore: 20, rules }, `title=${encodeURIComponent('规则卷')}`);
    const got = (await admin.get(`${P}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ totalScore: 30, questionCount: 5 });
    expect(got.rules.map((r: any) => [r.category, r.type, r.difficulty, r.questionCount, r.score])).toEqual([
      ['fire', 'single', null, 2, 5],
      ['fire', null, null, 2, 5],
      ['traffic', null, '2', 1, 10],
    ]);
  });

  it('names the rule the bank cannot satisfy, alone or together with others', async () => {
    const alone = await admin.post(`${P}/add`, { ...base, title: '不够', mode: 'rule', passScore: 0, rules: [{ category: 'fire', questionCount: 1, score: 1 }, { category: 'traffic', questionCount: 5, score: 2 }] });
    expect(alone.body).toMatchObject({ success: false, message: '题库中符合第2条规则的题目不足：需要5道，只有2道' });
    // each rule alone fits (4 fire questions), together they need 5 distinct ones
    const together = await admin.post(`${P}/add`, {
      ...base,
      title: '不够',
      mode: 'rule',
      passScore: 0,
      rules: [
        { category: 'traffic', questionCount: 1, score: 1 },
        { category: 'fire', type: 'single', questionCount: 3, score: 1 },
        { category: 'fire', questionCount: 2, score: 1 },
      ],
    });
    expect(together.body).toMatchObject({ success: false, message: '题库中符合第2、3条规则的题目不足：需要5道，只有4道' });
    // a greedy pick in rule order could give rule 1 a single-choice question and leave rule 2 one short;
    // the check finds the assignment that works (rule 1 takes the judge question)
    const order = await admin.post(`${P}/add`, {
      ...base,
      title: '次序无关',
      mode: 'rule',
      passScore: 0,
      rules: [
        { category: 'fire', questionCount: 1, score: 1 },
        { category: 'fire', type: 'single', questionCount: 3, score: 1 },
      ],
    });
    expect(order.body.success).toBe(true);
    const none = await admin.post(`${P}/add`, { ...base, title: '不够', mode: 'rule', passScore: 0, rules: [] });
    expect(none.body).toMatchObject({ success: false, message: '按规则抽题的试卷至少要有一条规则' });
    const badRule = await admin.post(`${P}/add`, { ...base, title: '不够', mode: 'rule', passScore: 0, rules: [{ category: 'fire', questionCount: 0, score: 1 }] });
    expect(badRule.body).toMatchObject({ success: false, message: '第1条组卷规则：题数至少为1' });
  });

  it('an edit switching a paper to rules drops its fixed list; an edit without lists keeps them and re-checks', async () => {
    const id = await admin.add(P, { ...base, title: '要改的卷', passScore: 0, questions: [{ questionId: ids['路1'], score: 5 }] }, `title=${encodeURIComponent('要改的卷')}`);
    expect((await admin.put(`${P}/edit`, { id, passScore: 6 })).body).toMatchObject({ success: false, message: '及格分（6分）不能高于总分（5分）' });
    expect((await admin.put(`${P}/edit`, { id, passScore: '' })).body).toMatchObject({ success: false, message: '及格分不能为空' });
    expect((await admin.put(`${P}/edit`, { id, mode: 'rule', rules: [{ category: 'traffic', questionCount: 2, score: 4 }] })).body.success).toBe(true);
    const got = (await admin.get(`${P}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ mode: 'rule', totalScore: 8, questionCount: 2, questions: [] });
    expect((await admin.put(`${P}/edit`, { id, mode: 'fixed' })).body).toMatchObject({ success: false, message: '固定试卷至少要有一道题' });
  });

  it('a paper students attempted cannot be deleted; an unused one is deleted with its list', async () => {
    const id = (await admin.list(`${P}/list?title=${encodeURIComponent('消防知识小测')}`))[0].id;
    await t.db.insertInto('stuAttempt').values({ id: 'attempt_for_delete_test_0000001', paperId: id, userId: (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id, status: 'done', startedAt: Date.now(), tenantId: 1000 }).execute();
    expect((await admin.del(`${P}/delete?id=${id}`)).body).toMatchObject({ success: false, message: '试卷“消防知识小测”已有学生作答，不能删除，可改为不发布' });
    const other = (await admin.list(`${P}/list?title=${encodeURIComponent('规则卷')}`))[0].id;
    expect((await admin.del(`${P}/delete?id=${other}`)).body.success).toBe(true);
    expect(await t.db.selectFrom('stuPaperRule').select('id').where('paperId', '=', other).execute()).toEqual([]);
  });
});

describe('papers in spreadsheets', () => {
  const exportOf = async (id: string) => {
    const file = await t.app.inject({ method: 'GET', url: `/api${P}/exportXls?selections=${id}`, headers: auth(token) });
    expect(file.statusCode).toBe(200);
    return file.rawPayload;
  };
  const importOf = async (file: Buffer) => (await t.app.inject({ method: 'POST', url: `/api${P}/importExcel`, ...multipart(file, '试卷.xlsx', token) })).json();

  it('a fixed paper keeps its questions, order and scores, and a rule paper its rules, through export → delete → import', async () => {
    const fixed = await admin.add(P, { ...base, title: '导出固定卷', questions: [{ questionId: ids['火判断'], score: 3 }, { questionId: ids['火2'], score: 7 }] }, `title=${encodeURIComponent('导出固定卷')}`);
    const ruled = await admin.add(
      P,
      { ...base, title: '导出规则卷', mode: 'rule', passScore: 4, rules: [{ category: 'fire', type: 'single', difficulty: null, questionCount: 2, score: 2 }, { category: 'traffic', type: null, difficulty: '2', questionCount: 1, score: 4 }] },
      `title=${encodeURIComponent('导出规则卷')}`,
    );
    for (const [id, title] of [[fixed, '导出固定卷'], [ruled, '导出规则卷']] as const) {
      const before = (await admin.get(`${P}/queryById?id=${id}`)).body.result;
      const file = await exportOf(id);
      const [header, row] = await sheetRows(file);
      if (title === '导出固定卷') expect(row[header.indexOf('试题')]).toBe('3分｜火判断\n7分｜火2');
      else expect(row[header.indexOf('抽题规则')]).toBe('分类：消防安全｜题型：单选题｜题数：2｜每题分值：2\n分类：交通安全｜难度：中等｜题数：1｜每题分值：4');
      expect((await admin.del(`${P}/delete?id=${id}`)).body.success).toBe(true);
      expect(await importOf(file)).toMatchObject({ success: true, message: '文件导入完成，共1行，成功1行，失败0行' });
      const [back] = await admin.list(`${P}/list?title=${encodeURIComponent(title)}`);
      const after = (await admin.get(`${P}/queryById?id=${back.id}`)).body.result;
      const shape = (p: any) => ({ totalScore: p.totalScore, questions: p.questions.map((q: any) => [q.questionId, q.score, q.sortNo]), rules: p.rules.map((r: any) => [r.category, r.type, r.difficulty, r.questionCount, r.score]) });
      expect(shape(after)).toEqual(shape(before));
    }
  });

  it('refuses rows whose papers would be incomplete, naming the question or rule', async () => {
    const header = ['试卷名称', '组卷方式', '及格分', '试题', '抽题规则'];
    const file = await xlsx([
      header,
      ['没有题的卷', 'fixed', 0, null, null],
      ['题库外的卷', 'fixed', 0, '5分｜不存在的题', null],
      ['分数太高', 'fixed', 20, '5分｜火1', null],
      ['抽不出的卷', 'rule', 0, null, '分类：消防安全｜题型：单选题｜题数：9｜每题分值：1'],
      ['看不懂的规则', 'rule', 0, null, '每道题：2'],
      ['好卷', 'fixed', 5, '火1\n2分｜火3', null],
    ]);
    const res = await importOf(file);
    expect(res.message).toBe('文件导入完成，共6行，成功1行，失败5行');
    const [good] = await admin.list(`${P}/list?title=${encodeURIComponent('好卷')}`);
    // without a score the question's own (5) counts
    expect(good).toMatchObject({ totalScore: 7, questionCount: 2 });
    const report = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${res.result.fileUrl}`, headers: auth(token) });
    const reasons = (await sheetRows(report.rawPayload)).slice(1).map((r) => r[r.length - 1]);
    expect(reasons).toEqual([
      '固定试卷至少要有一道题（试题列）',
      '试题“不存在的题”在题库中不存在',
      '及格分（20分）不能高于总分（5分）',
      '题库中符合第1条规则的题目不足：需要9道，只有3道',
      '抽题规则“每道题：2”看不懂，应为 分类：…｜题型：…｜难度：…｜题数：…｜每题分值：…',
    ]);
  });
});
