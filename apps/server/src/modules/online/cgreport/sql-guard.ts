import { BizError } from '../../../core/errors';

// The report SQL guard (issue 15). A report is one SELECT written by a designer; before it reaches a
// database it is read here token by token and written out again from the tokens, so the database runs
// exactly what was checked: comments are dropped, string literals are re-quoted in one canonical form,
// `${param}` and `#{system variable}` become bound parameters (never spliced, also inside a string such as
// '%${name}%', which becomes a concatenation with a bound value).
//
// Refused, with a message saying why:
// - anything but one SELECT or WITH … SELECT: a second statement (any `;` before the end), and the words
//   of writing or administration anywhere outside strings (INSERT, UPDATE — also FOR UPDATE —, DELETE,
//   DROP, ALTER, CREATE, TRUNCATE, MERGE, REPLACE INTO, INTO (SELECT INTO, INTO OUTFILE), GRANT, REVOKE,
//   PRAGMA, ATTACH, DETACH, VACUUM, COPY, CALL, EXEC, SET, LOCK, LOAD, BEGIN/COMMIT/ROLLBACK …);
// - functions with side effects, with administrative power or that run SQL of their own: every pg_*,
//   lo_*, dblink*, *_to_xml* and ts_stat (they run a query given as text), set_config, current_setting,
//   nextval/setval/currval/lastval, load_extension, readfile/writefile/edit, fts3_tokenizer, load_file,
//   sleep, benchmark, get_lock/release_lock, sys_exec/sys_eval;
// - system catalogs: sqlite_*, pragma_* (SQLite's pragma table functions), pg_*, information_schema,
//   mysql.*, performance_schema, sys.*;
// - tables that hold nothing a report should show and secrets besides (sys_install: the install secret;
//   sys_user_token, sys_captcha, sys_login_attempt, sys_sms_code, sys_third_login_flow, sys_login_qrcode, kysely_migration*);
// - secret columns, whatever table they are in: password, salt, db_password (sys_data_source), answer_hash
//   (sys_captcha), code_hash (sys_sms_code), code_verifier (sign-in flows), and the token/secret names of
//   other systems' tables (token, access_token, refresh_token, secret, app_secret, client_secret, secret_key);
// - tables that hold secrets beside ordinary columns (sys_user: password and salt; sys_data_source:
//   db_password; sys_third_account and sys_third_app_config: third-party accounts and providers) are readable only through
//   columns named one by one: no `*` or `t.*` anywhere in such a report, and no use of the table or its
//   alias as a whole row (PostgreSQL's `select u from sys_user u`, row_to_json(u)).
// The database enforces read-only execution besides (report-runner.ts), so a word missed here still
// cannot write.

export type SqlDialect = 'sqlite' | 'postgres' | 'mysql';

type Token =
  | { t: 'word'; v: string }
  | { t: 'qident'; v: string }
  | { t: 'string'; v: string }
  | { t: 'template'; parts: Array<{ lit: string } | { param: string } | { sys: string }> }
  | { t: 'number'; v: string }
  | { t: 'op'; v: string }
  | { t: 'param'; v: string }
  | { t: 'sys'; v: string };

export const SYSTEM_VARIABLES = ['sys_user_id', 'sys_user_code', 'sys_user_name', 'sys_org_code', 'sys_date', 'sys_time', 'tenant_id'] as const;
export type SystemVariable = (typeof SYSTEM_VARIABLES)[number];

const FORBIDDEN_WORDS = new Set([
  'insert', 'update', 'delete', 'drop', 'alter', 'create', 'truncate', 'merge', 'upsert', 'into', 'grant', 'revoke',
  'pragma', 'attach', 'detach', 'vacuum', 'reindex', 'copy', 'call', 'exec', 'execute', 'set', 'lock', 'unlock', 'load',
  'outfile', 'dumpfile', 'begin', 'commit', 'rollback', 'savepoint', 'prepare', 'deallocate', 'listen', 'notify',
  'unlisten', 'discard', 'checkpoint', 'declare', 'shutdown', 'flush',
]);

const FORBIDDEN_FUNCTIONS = new Set([
  'set_config', 'current_setting', 'nextval', 'setval', 'currval', 'lastval', 'load_extension', 'readfile', 'writefile',
  'edit', 'fts3_tokenizer', 'load_file', 'sleep', 'benchmark', 'get_lock', 'release_lock', 'release_all_locks',
  'sys_exec', 'sys_eval', 'txid_current', 'ts_stat',
]);
const FORBIDDEN_FUNCTION_PREFIXES = ['pg_', 'lo_', 'dblink', 'xmlexists'];

const SYSTEM_NAMES = new Set(['information_schema', 'mysql', 'performance_schema']);
const SYSTEM_PREFIXES = ['sqlite_', 'pragma_', 'pg_', 'kysely_'];
/** Tables no report may name at all. */
export const CLOSED_TABLES = new Set(['sys_install', 'sys_user_token', 'sys_captcha', 'sys_login_attempt', 'sys_sms_code', 'sys_third_login_flow', 'sys_login_qrcode']);
/** Tables a report may read only through columns it names one by one. */
export const RESTRICTED_TABLES = new Set(['sys_user', 'sys_data_source', 'sys_third_account', 'sys_third_app_config']);
/** Column names refused wherever they appear. */
export const SECRET_COLUMNS = new Set([
  'password', 'passwd', 'salt', 'db_password', 'dbpassword', 'answer_hash', 'token', 'access_token', 'refresh_token',
  'secret', 'app_secret', 'client_secret', 'secret_key', 'code_hash', 'code_verifier',
]);

const refuse = (why: string): never => {
  throw new BizError(`报表 SQL 不允许：${why}`);
};

const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isWordChar = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
const OP_CHARS = '+-*/<>=~!@#%^&|:?';

/** `${name}` or `#{name}` at position i; answers the placeholder and where it ends. */
function placeholderAt(src: string, i: number): { kind: 'param' | 'sys'; name: string; end: number } | null {
  const c = src[i];
  if ((c !== '$' && c !== '#') || src[i + 1] !== '{') return null;
  const close = src.indexOf('}', i + 2);
  if (close < 0) refuse('占位符缺少右花括号 }');
  const name = src.slice(i + 2, close).trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) refuse(`占位符名称不正确：${src.slice(i, close + 1)}`);
  if (c === '#' && !(SYSTEM_VARIABLES as readonly string[]).includes(name)) refuse(`未知的系统变量 #{${name}}（可用：${SYSTEM_VARIABLES.join('、')}）`);
  return { kind: c === '$' ? 'param' : 'sys', name, end: close + 1 };
}

function tokenize(src: string, dialect: SqlDialect): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = src.length;
  while (i < n) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const ph = placeholderAt(src, i);
    if (ph) {
      out.push({ t: ph.kind, v: ph.name });
      i = ph.end;
      continue;
    }
    if (c === '-' && src[i + 1] === '-') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '#' && dialect === 'mysql') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      if (end < 0) refuse('注释未结束');
      // MySQL runs /*! … */ as code; nested comments differ between databases: refuse both
      if (src[i + 2] === '!' || src.slice(i + 2, end).includes('/*')) refuse('不支持的注释写法');
      i = end + 2;
      continue;
    }
    if (c === "'" || (c === '"' && dialect === 'mysql')) {
      // a prefix glued to the quote (E'…', X'…', N'…', _utf8'…') reads differently per database
      const prev = i > 0 ? src[i - 1] : ' ';
      if (isWordChar(prev)) refuse('不支持带前缀的字符串（如 E\'…\'）');
      const quote = c;
      let j = i + 1;
      let text = '';
      const parts: Array<{ lit: string } | { param: string } | { sys: string }> = [];
      for (;;) {
        if (j >= n) refuse('字符串缺少结束引号');
        const d = src[j];
        if (d === '\\') {
          if (dialect !== 'mysql') refuse('字符串中不能含反斜杠');
          if (j + 1 >= n) refuse('字符串缺少结束引号');
          text += src[j + 1];
          j += 2;
          continue;
        }
        if (d === quote) {
          if (src[j + 1] === quote) {
            text += quote;
            j += 2;
            continue;
          }
          j++;
          break;
        }
        const inner = placeholderAt(src, j);
        if (inner) {
          if (text) parts.push({ lit: text });
          text = '';
          parts.push(inner.kind === 'param' ? { param: inner.name } : { sys: inner.name });
          j = inner.end;
          continue;
        }
        text += d;
        j++;
      }
      if (parts.length) {
        if (text) parts.push({ lit: text });
        out.push({ t: 'template', parts });
      } else out.push({ t: 'string', v: text });
      i = j;
      continue;
    }
    if (c === '"' || c === '`' || c === '[') {
      if (c === '`' && dialect === 'postgres') refuse('PostgreSQL 不支持反引号');
      if (c === '[' && dialect !== 'sqlite') {
        out.push({ t: 'op', v: '[' });
        i++;
        continue;
      }
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= n) refuse('标识符缺少结束引号');
        if (src[j] === close) {
          if (close !== ']' && src[j + 1] === close) {
            text += close;
            j += 2;
            continue;
          }
          j++;
          break;
        }
        text += src[j++];
      }
      if (!text) refuse('空的标识符');
      out.push({ t: 'qident', v: text });
      i = j;
      continue;
    }
    if (c === '$') {
      // PostgreSQL dollar quoting $tag$…$tag$; $1 positional parameters are refused (use ${name})
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(src.slice(i));
      if (!m || dialect !== 'postgres') refuse('不支持 $ 写法，参数请用 ${参数名}');
      const tag = m![0];
      const end = src.indexOf(tag, i + tag.length);
      if (end < 0) refuse('字符串缺少结束标记');
      const text = src.slice(i + tag.length, end);
      if (text.includes('\\')) refuse('字符串中不能含反斜杠');
      out.push({ t: 'string', v: text });
      i = end + tag.length;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i))!;
      if (isWordChar(src[i + m[0].length] ?? ' ')) refuse(`无法识别的写法：${src.slice(i, i + 20)}`);
      out.push({ t: 'number', v: m[0] });
      i += m[0].length;
      continue;
    }
    if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordChar(src[j])) j++;
      const word = src.slice(i, j);
      if (word.includes('$')) refuse(`无法识别的写法：${word}`);
      out.push({ t: 'word', v: word });
      i = j;
      continue;
    }
    if ('(),.;'.includes(c) || c === ']') {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    if (OP_CHARS.includes(c)) {
      let j = i;
      while (j < n && OP_CHARS.includes(src[j]) && !(src[j] === '-' && src[j + 1] === '-') && !(src[j] === '/' && src[j + 1] === '*') && !placeholderAt(src, j)) {
        if (src[j] === '#' && dialect === 'mysql') break;
        j++;
      }
      const op = src.slice(i, j);
      if (op.includes('?')) refuse('不支持 ? 占位符，参数请用 ${参数名}');
      out.push({ t: 'op', v: op });
      i = j;
      continue;
    }
    refuse(`无法识别的字符：${c}`);
  }
  return out;
}

const lower = (t: Token) => ('v' in t ? t.v.toLowerCase() : '');
const isName = (t: Token | undefined): t is { t: 'word' | 'qident'; v: string } => !!t && (t.t === 'word' || t.t === 'qident');
const isOp = (t: Token | undefined, v: string) => !!t && t.t === 'op' && t.v === v;

/** Words that can follow a table in FROM without being its alias. */
const NOT_ALIAS = new Set([
  'where', 'group', 'order', 'limit', 'offset', 'having', 'join', 'left', 'right', 'inner', 'outer', 'full', 'cross',
  'natural', 'on', 'using', 'union', 'except', 'intersect', 'window', 'as', 'fetch', 'for', 'lateral', 'straight_join',
]);

function checkTokens(tokens: Token[]): void {
  const first = tokens[0];
  if (!first || first.t !== 'word' || !['select', 'with'].includes(lower(first))) refuse('只能是一条查询语句（SELECT 或 WITH … SELECT）');
  tokens.forEach((tok, i) => {
    if (isOp(tok, ';')) refuse('只能包含一条语句（不允许分号分隔的多条语句）');
    if (!isName(tok)) return;
    const name = lower(tok);
    const next = tokens[i + 1];
    if (tok.t === 'word' && FORBIDDEN_WORDS.has(name)) refuse(`包含写入或管理操作 ${tok.v.toUpperCase()}`);
    if (isOp(next, '(')) {
      if (FORBIDDEN_FUNCTIONS.has(name) || FORBIDDEN_FUNCTION_PREFIXES.some((p) => name.startsWith(p)) || name.includes('_to_xml')) {
        refuse(`不能调用函数 ${tok.v}`);
      }
    }
    if (SYSTEM_NAMES.has(name) || SYSTEM_PREFIXES.some((p) => name.startsWith(p)) || (name === 'sys' && isOp(next, '.'))) refuse(`不能读取系统目录 ${tok.v}`);
    if (CLOSED_TABLES.has(name)) refuse(`不能读取系统表 ${tok.v}`);
    if (SECRET_COLUMNS.has(name)) refuse(`不能读取密码、令牌等敏感字段 ${tok.v}`);
  });
  checkRestrictedTables(tokens);
}

/** sys_user and its kind: no `*`, no whole-row use of the table or its alias. */
function checkRestrictedTables(tokens: Token[]): void {
  const used = tokens.filter((t) => isName(t) && RESTRICTED_TABLES.has(lower(t)));
  if (!used.length) return;
  const tableName = lower(used[0]);
  const wholeRow = () => refuse(`读取 ${tableName} 时只能逐个写出字段名（不能用 * 或整行）`);
  tokens.forEach((tok, i) => {
    if (tok.t !== 'op' || tok.v !== '*') return;
    const prev = tokens[i - 1];
    // count(*) is a count; every other * stands for columns
    if (isOp(prev, '(') && isOp(tokens[i + 1], ')')) return;
    const pv = prev ? lower(prev) : '';
    if (isOp(prev, '.') || isOp(prev, ',') || (prev?.t === 'word' && ['select', 'distinct', 'all'].includes(pv))) wholeRow();
  });
  // names standing for the table as a whole: the table's own name and its aliases
  const rowNames = new Set<string>();
  const allowed = new Set<number>();
  tokens.forEach((tok, i) => {
    if (!isName(tok) || !RESTRICTED_TABLES.has(lower(tok))) return;
    const prev = tokens[i - 1];
    const inFrom = prev && (isOp(prev, ',') || (prev.t === 'word' && ['from', 'join'].includes(lower(prev))) || isOp(prev, '.'));
    if (!inFrom) wholeRow();
    allowed.add(i);
    rowNames.add(lower(tok));
    let k = i + 1;
    if (tokens[k]?.t === 'word' && lower(tokens[k]) === 'as') k++;
    const alias = tokens[k];
    if (isName(alias) && !(alias.t === 'word' && NOT_ALIAS.has(lower(alias)))) {
      rowNames.add(lower(alias));
      allowed.add(k);
    }
  });
  tokens.forEach((tok, i) => {
    if (!isName(tok) || allowed.has(i) || !rowNames.has(lower(tok))) return;
    if (isOp(tokens[i + 1], '.')) return;
    // a column of another table that happens to share the alias's name, qualified (x.u): still a column
    if (isOp(tokens[i - 1], '.')) return;
    wholeRow();
  });
}

/** A checked report SQL: tokens ready to be written for one database with bound values. */
export interface CheckedSql {
  tokens: Token[];
  /** `${…}` names, in order of first appearance. */
  params: string[];
}

/** Reads and checks a report's SQL; refuses (BizError, a Chinese message) anything but one safe SELECT. */
export function checkReportSql(source: string, dialect: SqlDialect): CheckedSql {
  if (typeof source !== 'string' || !source.trim()) refuse('SQL 为空');
  if (source.length > 20000) refuse('SQL 过长（最多 20000 个字符）');
  const tokens = tokenize(source, dialect);
  while (tokens.length && isOp(tokens[tokens.length - 1], ';')) tokens.pop();
  checkTokens(tokens);
  const params: string[] = [];
  const note = (p: string) => {
    if (!params.includes(p)) params.push(p);
  };
  for (const t of tokens) {
    if (t.t === 'param') note(t.v);
    if (t.t === 'template') for (const p of t.parts) if ('param' in p) note(p.param);
  }
  return { tokens, params };
}

/** Collects bound values and answers the placeholder of each ($n on PostgreSQL, ? elsewhere). */
export class Binder {
  readonly values: unknown[] = [];
  constructor(readonly dialect: SqlDialect) {}
  bind(value: unknown): string {
    this.values.push(value);
    return this.dialect === 'postgres' ? `$${this.values.length}` : '?';
  }
  /** A pattern-checked column name, quoted for the database. */
  id(name: string): string {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) throw new BizError(`字段名不正确：${name}`);
    return this.dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
  }
}

const quoteString = (v: string, dialect: SqlDialect) => `'${(dialect === 'mysql' ? v.replace(/\\/g, '\\\\') : v).replace(/'/g, "''")}'`;
const quoteIdent = (v: string, dialect: SqlDialect) => (dialect === 'mysql' ? `\`${v.replace(/`/g, '``')}\`` : `"${v.replace(/"/g, '""')}"`);

/**
 * Writes the checked SQL for `dialect`, binding each placeholder's value through `binder` (parameters by
 * name from `values`, system variables from `system`).
 */
export function renderReportSql(checked: CheckedSql, binder: Binder, values: Record<string, string | null>, system: Record<SystemVariable, string | number | null>): string {
  const d = binder.dialect;
  const param = (name: string, inText = false) => binder.bind((Object.hasOwn(values, name) ? values[name] : null) ?? (inText ? '' : null));
  const sys = (name: string, inText = false) => binder.bind(system[name as SystemVariable] ?? (inText ? '' : null));
  const text = (p: string) => (d === 'postgres' ? `CAST(${p} AS text)` : p);
  return checked.tokens
    .map((t) => {
      switch (t.t) {
        case 'word':
        case 'number':
        case 'op':
          return t.v;
        case 'qident':
          return quoteIdent(t.v, d);
        case 'string':
          return quoteString(t.v, d);
        case 'param':
          return param(t.v);
        case 'sys':
          return sys(t.v);
        case 'template': {
          // an empty value inside a string is the empty text ('%${name}%' with no name matches everything)
          const pieces = t.parts.map((p) => ('lit' in p ? quoteString(p.lit, d) : text('param' in p ? param(p.param, true) : sys(p.sys, true))));
          return d === 'mysql' ? `CONCAT(${pieces.join(', ')})` : `(${pieces.join(' || ')})`;
        }
      }
    })
    .join(' ');
}
