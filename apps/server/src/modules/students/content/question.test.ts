import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { caller, multipart, sheetRows, xlsx } from './testing';

// 理论题库: options and their rules, the computed answer, the spreadsheet both ways, deletes.
let t: TestApp;
let admin: ReturnType<typeof caller>;
let adminToken: string;
const Q = '/students/theoryQuestion';

const single = (stem: string, extra: Record<string, unknown> = {}) => ({
  type: 'single',
  stem,
  difficulty: '1',
  category: 'fire',
  gradeBand: '2',
  score: 5,
  analysis: '着火时先报警',
  options: [
    { label: 'A', content: '拨打119', isCorrect: true },
    { label: 'B', content: '躲进衣柜', isCorrect: false },
    { label: 'C', content: '乘电梯逃生', isCorrect: false },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app);
  admin = caller(t, adminToken);
});
afterAll(() => t.close());

describe('theory questions', () => {
  it('adds a single-choice question with its options, computes the answer and lists dictionary texts', async () => {
    const id = await admin.add(Q, single('发现火情首先应该？'), `stem=${encodeURIComponent('发现火情*')}`);
    const got = (await admin.get(`${Q}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ type: 'single', type_dictText: '单选题', difficulty_dictText: '容易', category_dictText: '消防安全', gradeBand_dictText: '小学高年级', answer: 'A', score: 5 });
    expect(got.options.map((o: any) => [o.label, o.content, o.isCorrect])).toEqual([
      ['A', '拨打119', true],
      ['B', '躲进衣柜', false],
      ['C', '乘电梯逃生', false],
    ]);
  });

  it('computes a multi-choice answer from the correct labels, whatever the client sends as answer', async () => {
    const id = await admin.add(
      Q,
      {
        type: 'multi',
        stem: '过马路时应该？',
        difficulty: '2',
        score: 4,
        answer: 'B',
        options: [
          { label: 'C', content: '左右看', isCorrect: true },
          { label: 'A', content: '走斑马线', isCorrect: true },
          { label: 'B', content: '边走边玩手机', isCorrect: false },
        ],
      },
      `stem=${encodeURIComponent('过马路*')}`,
    );
    const got = (await admin.get(`${Q}/queryById?id=${id}`)).body.result;
    expect(got.answer).toBe('A,C');
    expect(got.options.map((o: any) => o.label)).toEqual(['A', 'B', 'C']);
  });

  it('refuses options that break the rules of the type, with clear messages', async () => {
    const opts = (...correct: boolean[]) => correct.map((isCorrect, i) => ({ label: 'ABCDEFG'[i], content: `选项${i}`, isCorrect }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [single('两个正确', { options: opts(true, true, false) }), '单选题必须有且只有一个正确选项'],
      [single('没有正确', { options: opts(false, false) }), '单选题必须有且只有一个正确选项'],
      [single('一个选项', { options: opts(true) }), '单选题需要2到6个选项'],
      [single('七个选项', { options: [...opts(true, false, false, false, false, false), { label: 'A', content: 'x', isCorrect: false }] }), '单选题需要2到6个选项'],
      [single('多选一个正确', { type: 'multi', options: opts(true, false, false) }), '多选题至少要有两个正确选项'],
      [single('标签重复', { options: [{ label: 'A', content: '1', isCorrect: true }, { label: 'A', content: '2', isCorrect: false }] }), '选项标签“A”重复'],
      [single('标签越界', { options: [{ label: 'A', content: '1', isCorrect: true }, { label: 'G', content: '2', isCorrect: false }] }), '选项标签只能是 A–F，不能是“G”'],
      [single('内容为空', { options: [{ label: 'A', content: '1', isCorrect: true }, { label: 'B', content: ' ', isCorrect: false }] }), '第2条选项：选项内容不能为空'],
      [single('判断三个', { type: 'judge', options: [{ content: '正确', isCorrect: true }, { content: '错误' }, { content: '不知道' }] }), '判断题只能有“正确”“错误”两个选项'],
      [single('判断两个正确', { type: 'judge', options: [{ content: '正确', isCorrect: true }, { content: '错误', isCorrect: true }] }), '判断题必须有且只有一个正确选项'],
      [single('没有选项', { options: undefined }), '请填写选项'],
      [single('错的题型', { type: 'essay' }), '题型只能是单选题、多选题或判断题'],
      [single('分值为0', { score: 0 }), '分值至少为1'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.post(`${Q}/add`, payload);
      expect(res.status, String(payload.stem)).toBe(200);
      expect(res.body, String(payload.stem)).toMatchObject({ success: false, message });
    }
    // nothing of the refused questions was written
    expect(await admin.list(`${Q}/list?stem=${encodeURIComponent('判断*')}`)).toEqual([]);
    expect((await t.db.selectFrom('stuQuestionOption').select('id').where('content', '=', '不知道').execute()).length).toBe(0);
  });

  it('a judge question takes 正确/错误 without labels; an edit that changes the type re-checks the kept options', async () => {
    const id = await admin.add(
      Q,
      { type: 'judge', stem: '可以在河边独自游泳', difficulty: '1', score: 2, options: [{ content: '正确' }, { content: '错误', isCorrect: true }] },
      `stem=${encodeURIComponent('可以在河边*')}`,
    );
    expect((await admin.get(`${Q}/queryById?id=${id}`)).body.result.answer).toBe('B');
    const toMulti = await admin.put(`${Q}/edit`, { id, type: 'multi' });
    expect(toMulti.body).toMatchObject({ success: false, message: '多选题至少要有两个正确选项' });
    expect((await admin.get(`${Q}/queryById?id=${id}`)).body.result.type).toBe('judge');
    const ok = await admin.put(`${Q}/edit`, { id, stem: '可以在河边独自游泳吗' });
    expect(ok.body.success).toBe(true);
    const edited = await admin.put(`${Q}/edit`, { id, options: [{ content: '正确', isCorrect: true }, { content: '错误' }] });
    expect(edited.body.success).toBe(true);
    const got = (await admin.get(`${Q}/queryById?id=${id}`)).body.result;
    expect(got).toMatchObject({ stem: '可以在河边独自游泳吗', answer: 'A' });
    expect(got.options).toHaveLength(2);
  });

  it('imports a spreadsheet: good rows with their options, bad rows in the error report', async () => {
    const header = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '难度', '分类', '学段', '分值'];
    const file = await xlsx([
      header,
      ['单选题', '导入：燃气泄漏先做什么', '开窗通风', '打开电灯', '', '', '', '', 'A', '不能产生火花', '中等', '居家安全', '初中', 5],
      ['多选题', '导入：地震时可以', '躲在桌下', '乘电梯', '护住头部', '', '', '', 'A,C', '', '困难', '自然灾害', '高中', 6],
      ['判断题', '导入：陌生人的链接可以随便点', '', '', '', '', '', '', '错误', '', '容易', '网络安全', '初中', 2],
      ['单选题', '导入：两个答案的单选', '甲', '乙', '丙', '', '', '', 'AB', '', '中等', '交通安全', '初中', 5],
      ['多选题', '导入：答案不在选项中', '甲', '乙', '', '', '', '', 'AD', '', '中等', '交通安全', '初中', 5],
      ['问答题', '导入：题型不对', '甲', '乙', '', '', '', '', 'A', '', '中等', '交通安全', '初中', 5],
      ['单选题', '', '甲', '乙', '', '', '', '', 'A', '', '中等', '交通安全', '初中', 5],
      ['多选题', '导入：紧凑写法', '甲', '乙', '丙', '', '', '', 'BC', '', '中等', '食品安全', '初中', 3],
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/api${Q}/importExcel`, ...multipart(file, '题库.xlsx', adminToken) });
    const body = res.json();
    expect(body, res.body).toMatchObject({ success: true, code: 201 });
    expect(body.result.msg).toBe('总上传行数：8，已导入行数：4，错误行数：4');
    const imported = await admin.list(`${Q}/list?stem=${encodeURIComponent('导入：*')}&column=score&order=asc&pageSize=50`);
    expect(imported.map((r: any) => [r.stem, r.type, r.answer, r.difficulty, r.category, r.gradeBand, r.options.length])).toEqual([
      ['导入：陌生人的链接可以随便点', 'judge', 'B', '1', 'cyber', '3', 2],
      ['导入：紧凑写法', 'multi', 'B,C', '2', 'food', '3', 3],
      ['导入：燃气泄漏先做什么', 'single', 'A', '2', 'home', '3', 2],
      ['导入：地震时可以', 'multi', 'A,C', '3', 'disaster', '4', 3],
    ]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${body.result.fileUrl}`, headers: auth(adminToken) });
    expect(dl.statusCode).toBe(200);
    const errors = (await sheetRows(dl.rawPayload)).slice(1).map((r) => [r[0], r[r.length - 1]]);
    expect(errors).toEqual([
      [5, '单选题必须有且只有一个正确选项'],
      [6, '答案“D”不在选项中'],
      [7, '题型只能是单选题、多选题或判断题'],
      [8, '题干不能为空'],
    ]);
  });

  it('exports the same columns, and the export imports back', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api${Q}/exportXls?stem=${encodeURIComponent('导入：*')}&column=score&order=asc`, headers: auth(adminToken) });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '解析', '难度', '分类', '学段', '分值']);
    expect(rows[1].slice(0, 4)).toEqual(['判断题', '导入：陌生人的链接可以随便点', '正确', '错误']);
    expect(rows[1][8]).toBe('错误');
    // delete them, then import the export
    const ids = (await admin.list(`${Q}/list?stem=${encodeURIComponent('导入：*')}&pageSize=50`)).map((r: any) => r.id);
    expect((await admin.del(`${Q}/deleteBatch?ids=${ids.join(',')}`)).body.success).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: `/api${Q}/importExcel`, ...multipart(res.rawPayload, '导出.xlsx', adminToken) });
    expect(again.json()).toMatchObject({ success: true, message: '文件导入完成，共4行，成功4行，失败0行' });
    const back = await admin.list(`${Q}/list?stem=${encodeURIComponent('导入：*')}&column=score&order=asc&pageSize=50`);
    expect(back.map((r: any) => [r.type, r.answer, r.options.map((o: any) => o.content).join('/')])).toEqual([
      ['judge', 'B', '正确/错误'],
      ['multi', 'B,C', '甲/乙/丙'],
      ['single', 'A', '开窗通风/打开电灯'],
      ['multi', 'A,C', '躲在桌下/乘电梯/护住头部'],
    ]);
  });

  it('a question in a fixed paper cannot be deleted; a deleted question leaves the lists', async () => {
    const id = await admin.add(Q, single('试卷里的题'), `stem=${encodeURIComponent('试卷里的题')}`);
    const paperId = 'paper_uses_question_000000000001';
    await t.db.insertInto('stuPaper').values({ id: paperId, title: '消防小测', tenantId: 1000 }).execute();
    await t.db.insertInto('stuPaperQuestion').values({ id: 'pq_uses_question_0000000000001', paperId, questionId: id, score: 5, tenantId: 1000 }).execute();
    const refused = await admin.del(`${Q}/delete?id=${id}`);
    expect(refused).toMatchObject({ status: 200, body: { success: false, message: '题目已被试卷“消防小测”使用，不能删除' } });
    await t.db.deleteFrom('stuPaperQuestion').where('paperId', '=', paperId).execute();
    expect((await admin.del(`${Q}/delete?id=${id}`)).body.success).toBe(true);
    expect(await admin.list(`${Q}/list?stem=${encodeURIComponent('试卷里的题')}`)).toEqual([]);
    // soft delete: the row stays for attempts that froze it
    expect((await t.db.selectFrom('stuQuestion').select('delFlag').where('id', '=', id).executeTakeFirstOrThrow()).delFlag).toBe(1);
  });

  it('a user holding only the list code may list but not add (403, code 510); another tenant sees none of these questions', async () => {
    await createUser(t.db, { username: 'qreader', password: 'Qreader#2026', menuKeys: ['education', 'education.theoryQuestion', 'education.theoryQuestion.list'] });
    const reader = caller(t, await login(t.app, 'qreader', 'Qreader#2026'));
    expect((await reader.get(`${Q}/list`)).body.success).toBe(true);
    const add = await reader.post(`${Q}/add`, single('不该写入'));
    expect(add.status).toBe(403);
    expect(add.body.code).toBe(510);
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '第二学校', status: 1 }).execute();
    await createUser(t.db, { username: 'other', password: 'Other#2026x', tenants: [2000], menuKeys: ['education', 'education.theoryQuestion', 'education.theoryQuestion.list', 'education.theoryQuestion.edit'] });
    const other = caller(t, await login(t.app, 'other', 'Other#2026x'));
    expect((await other.get(`${Q}/list`)).body.result.total).toBe(0);
    const mine = (await admin.list(`${Q}/list?pageSize=1`))[0];
    expect((await other.get(`${Q}/queryById?id=${mine.id}`)).body).toMatchObject({ success: false, message: '未找到对应题目' });
    expect((await other.put(`${Q}/edit`, { id: mine.id, stem: '改掉' })).body).toMatchObject({ success: false, message: '未找到对应题目' });
  });
});
