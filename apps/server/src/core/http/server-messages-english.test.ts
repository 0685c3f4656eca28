// Every Chinese text of the server has its English (issue 17): the messages it answers with, the field titles
// they are built from, the OpenAPI tags and summaries the operation log records. Read from the sources: each
// string literal with a Chinese character (a template's ${…} filled with a sample value) must come out of
// englishMessage without one, unless it is listed below as not a message. A new message without an entry in
// packages/shared/src/i18n-en-server.ts (or elsewhere in the catalogue) fails here, with its file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CJK } from '@anxue/shared/i18n';
import { drawByRules, type DrawRule } from '../../modules/students/study/paper-drawer';
import { englishMessage } from './locale';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** What ${…} of a template is filled with. */
const SAMPLE = 'X1';

/** Not read: seed data (menus, dictionaries, sample content) and test helpers. */
const SKIPPED = [/^core\/db\/seed\//, /^modules\/students\/sample\//, /\.test\.ts$/, /(^|\/)testing[^/]*\.ts$/, /(^|\/)test-kit\.ts$/];

/** Chinese literals that are not messages, by file (texts as read, ${…} filled), each with why it stays. */
const NOT_MESSAGES: Array<{ file: string; texts: string[] | 'all'; why: string }> = [
  { file: 'modules/demo/sample/seed.ts', texts: 'all', why: 'the demo data of a fresh install (people, departments, orders), data like students/sample' },
  { file: 'modules/monitor/sessions.ts', texts: ['%登录成功%', '失败%'], why: 'SQL LIKE patterns over the login log' },
  {
    file: 'core/web/static.ts',
    texts: ['安学云网页应用尚未构建：请先运行 npm run build（The web app is not built yet: run `npm run build`.）'],
    why: 'the page shown when the web app is not built, already in both languages',
  },
  {
    file: 'modules/students/content/paper-excel-links.ts',
    texts: ['X1分X1X1', '分类：X1', '题型：X1', '难度：X1', '题数：X1', '每题分值：X1'],
    why: 'cells of the paper sheet (a question with its points, a drawing rule): data read back on import',
  },
  { file: 'modules/students/content/question.ts', texts: ['正确', '对', '错'], why: 'a true/false question’s option texts and answer cells: data, also read from sheets' },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0' };
const unescapeLiteral = (raw: string) => raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)/g, (_w, c: string) => {
  if (c.length > 1) return String.fromCodePoint(parseInt(c.replace(/[u{}x]/g, ''), 16));
  return c === '\n' ? '' : (ESCAPES[c] ?? c);
});

/** Where a `/` starts a regular expression rather than a division: after these (or nothing). */
const BEFORE_REGEX = new Set([...'(,=:[!&|?{};+-*%<>~^', '']);
const KEYWORDS_BEFORE_EXPRESSION = new Set(['return', 'typeof', 'case', 'of', 'in', 'throw', 'yield', 'await', 'void', 'delete']);

/**
 * The string literals of a TypeScript source with their line: quoted strings and templates (each ${…} filled
 * with SAMPLE; the literals inside an ${…} are read too), comments and regular expressions skipped.
 */
function stringLiterals(src: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let i = 0;
  let line = 1;
  let prev = '';
  const advance = (to: number) => {
    for (; i < to && i < src.length; i++) if (src[i] === '\n') line++;
  };
  const template = () => {
    const start = line;
    let text = '';
    i++;
    while (i < src.length && src[i] !== '`') {
      if (src[i] === '\\') {
        text += src.slice(i, i + 2);
        advance(i + 2);
      } else if (src.startsWith('${', i)) {
        text += SAMPLE;
        advance(i + 2);
        for (let depth = 1; i < src.length && depth > 0; ) {
          if (src[i] === '{' || src[i] === '}') {
            depth += src[i] === '{' ? 1 : -1;
            prev = src[i]!;
            i++;
          } else if (!token()) advance(i + 1);
        }
      } else {
        text += src[i];
        advance(i + 1);
      }
    }
    i++;
    out.push({ text: unescapeLiteral(text), line: start });
  };
  /** Reads one token at i (string, template, comment, regex, word or a character); false for a brace. */
  const token = (): boolean => {
    const c = src[i]!;
    if (c === '{' || c === '}') return false;
    if (src.startsWith('//', i)) {
      const end = src.indexOf('\n', i);
      advance(end < 0 ? src.length : end);
    } else if (src.startsWith('/*', i)) {
      advance(src.indexOf('*/', i + 2) + 2);
    } else if (c === "'" || c === '"') {
      const start = line;
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
      out.push({ text: unescapeLiteral(src.slice(i + 1, j)), line: start });
      advance(j + 1);
      prev = 'a';
    } else if (c === '`') {
      template();
      prev = 'a';
    } else if (c === '/' && BEFORE_REGEX.has(prev)) {
      let j = i + 1;
      for (let inClass = false; j < src.length && (inClass || src[j] !== '/'); j++) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
      }
      for (j++; /[a-z]/.test(src[j] ?? ''); ) j++;
      advance(j);
      prev = 'a';
    } else if (/[\w$]/.test(c)) {
      const word = /^[\w$]+/.exec(src.slice(i, i + 64))![0];
      advance(i + word.length);
      prev = KEYWORDS_BEFORE_EXPRESSION.has(word) ? '(' : 'a';
    } else {
      if (!/\s/.test(c)) prev = c === ')' || c === ']' ? 'a' : c;
      advance(i + 1);
    }
    return true;
  };
  while (i < src.length) {
    if (!token()) {
      prev = src[i]!;
      i++;
    }
  }
  return out;
}

describe('server messages in English', () => {
  it('reads the literals of a source: quotes, templates filled, comments and regular expressions skipped', () => {
    const src = [
      "// 注释里的中文",
      "const a = '单引号' + \"双引号\"; /* 块注释 */",
      'const re = /[\'`]/g; const half = 4 / 2;',
      "throw new Error(`第${i + 1}条${ok ? `（${parts.join('、')}）` : '（不限）'}`);",
      "const s = 'E\\'…\\'';",
    ].join('\n');
    expect(stringLiterals(src)).toEqual([
      { text: '单引号', line: 2 },
      { text: '双引号', line: 2 },
      { text: '、', line: 4 },
      { text: '（X1）', line: 4 },
      { text: '（不限）', line: 4 },
      { text: '第X1条X1', line: 4 },
      { text: "E'…'", line: 5 },
    ]);
  });

  it('has the English of every Chinese literal of the server that is a message', () => {
    const missing: string[] = [];
    const unused = new Set(NOT_MESSAGES.flatMap((n) => (n.texts === 'all' ? [] : n.texts.map((t) => `${n.file}: ${t}`))));
    for (const path of sources(SRC)) {
      const file = relative(SRC, path).split(sep).join('/');
      if (SKIPPED.some((re) => re.test(file))) continue;
      const allowed = NOT_MESSAGES.find((n) => n.file === file);
      if (allowed?.texts === 'all') continue;
      for (const { text, line } of stringLiterals(readFileSync(path, 'utf8'))) {
        const message = text.trim();
        if (!CJK.test(message)) continue;
        if (allowed?.texts.includes(message)) {
          unused.delete(`${file}: ${message}`);
          continue;
        }
        if (CJK.test(englishMessage(message))) missing.push(`${file}:${line}  ${message}  →  ${englishMessage(message)}`);
      }
    }
    expect(missing, `Chinese texts of the server without English (add them to packages/shared/src/i18n-en-server.ts):\n${missing.join('\n')}\n`).toEqual([]);
    // the list of texts that are not messages stays true to the sources
    expect([...unused], 'listed as not messages but not found in their file').toEqual([]);
  });

  it('answers real messages in English: a paper the bank cannot fill, spreadsheet imports, field titles', () => {
    const rule = (r: Partial<DrawRule>): DrawRule => ({ category: null, type: null, difficulty: null, questionCount: 5, score: 2, ...r });
    const refusal = (rules: DrawRule[]) => {
      try {
        drawByRules(rules, [{ id: 'q1', category: 'fire', type: 'single', difficulty: '1' }]);
      } catch (err) {
        return englishMessage((err as Error).message);
      }
      throw new Error('drawn');
    };
    expect(refusal([rule({ category: 'fire', type: 'single', difficulty: '1' })])).toBe(
      'Not enough questions in the bank: rule 1 (category fire, Single choice, difficulty Easy) needs 5, there are 1',
    );
    expect(refusal([rule({ questionCount: 1 }), rule({ category: 'fire', difficulty: '3' })])).toBe(
      'Not enough questions in the bank: rule 2 (category fire, difficulty Hard) needs 5, there are 0',
    );
    expect(refusal([rule({ type: 'multi' })])).toBe('Not enough questions in the bank: rule 1 (Multiple choice) needs 5, there are 0');
    expect(refusal([rule({})])).toBe('Not enough questions in the bank: rule 1 (any question) needs 5, there are 1');

    expect(englishMessage('试题“灭火器怎么用”在题库中不存在')).toBe('Question “灭火器怎么用” is not in the bank');
    expect(englishMessage('抽题规则的难度“很难”不存在')).toBe('In a drawing rule, Difficulty “很难” does not exist');
    expect(englishMessage('课时“消防安全/第一课”不存在（写作 课程/课时）')).toBe('Lesson “消防安全/第一课” does not exist (write it as course/lesson)');
    expect(englishMessage('老师账号“wang”不存在或不属于当前租户')).toBe('Teachers: account “wang” does not exist or is not in this tenant');
    expect(englishMessage('导入失败：文件导入完成，共3行，成功0行，失败3行')).toBe('Import failed: 3 rows, 0 imported, 3 failed');

    // a field title inside a message built as `${title}…` is translated too
    expect(englishMessage('步骤序号格式不正确')).toBe('Step number is not in the right format');
    expect(englishMessage('限时不能小于0')).toBe('Time limit cannot be below 0');
    expect(englishMessage('海报图片路径不正确：../a.png')).toBe('Poster image has a path that is not valid: ../a.png');
    expect(englishMessage('第2条步骤：步骤内容不能为空')).toBe('Steps, item 2: Step text is required');
    expect(englishMessage('第3条隐患区域：坐标不完整')).toBe('Hazard areas, item 3: The coordinates are incomplete');
    expect(englishMessage('第1行明细：单价：请输入正确的金额')).toBe('Line 1: Unit price: enter a valid amount');
    // the messages of other areas that the general patterns here would also match keep their own English
    expect(englishMessage('单价的数据格式不正确')).toBe('The data of Unit price is not in the right format');
    expect(englishMessage('一次最多5条')).toBe('At most 5 at a time');

    // the login log's content, shown on 日志管理 in the reader's language
    expect(englishMessage('用户名: admin,登录成功！')).toBe('Username: admin, signed in');
    expect(englishMessage('用户名: admin,登录成功！（第三方登录 github）')).toBe('Username: admin, signed in with github (third party)');
    expect(englishMessage('登录失败，用户名: admin，用户名或密码错误')).toBe('Sign-in failed, username: admin, Wrong username or password');
    expect(englishMessage('用户名: admin,退出成功！')).toBe('Username: admin, signed out');
    expect(englishMessage('失败：该用户已冻结')).toBe('Failed: The user is frozen');
  });
});
