import type { Kysely } from 'kysely';
import { CODE_NO_PERMISSION, FORM_PATTERNS, STUDENT_DICTS, STUDENT_ROLE } from '@anxue/shared';
import { insertMany, newId } from '../../../core/db';
import { holds } from '../../../core/access/permissions';
import { BizError } from '../../../core/errors';
import { assertMayHandOut, GRANT_ROLE_PERMISSION } from '../../system/role/role-members';
import { readSpreadsheet, xlsxBuffer } from '../../../core/excel';
import { ResourceError, type Caller } from '../../../core/crud';
import { firstPassword, hashAll } from './first-password';

// 导入花名册: a spreadsheet of 年级, 班级, 姓名, 学号 (and 家长手机号) makes a school's classes, one student
// account per row and the memberships, all or nothing. A student is known by 学号 within the tenant
// (stu_student): importing again renames them and moves them to the file's class, and keeps their password.
// A new account's name is the 学号; where another account already has that name, `<学号>-<tenant id>`
// (account names are unique across tenants).

const COLUMNS = [
  { key: 'grade', title: '年级', required: true },
  { key: 'className', title: '班级', required: true },
  { key: 'realname', title: '姓名', required: true },
  { key: 'studentNo', title: '学号', required: true },
  { key: 'parentPhone', title: '家长手机号', required: false },
] as const;
type Key = (typeof COLUMNS)[number]['key'];
type Cells = Record<Key, string>;

/** Largest roster one file may hold. */
export const MAX_ROSTER_ROWS = 20_000;
const STUDENT_NO = /^[A-Za-z0-9_-]{1,32}$/;
const CHUNK = 500;

export interface RosterCard {
  userId: string;
  realname: string;
  username: string;
  password: string;
  grade: string;
  className: string;
  studentNo: string;
}

export interface RosterOutcome {
  total: number;
  imported: number;
  failed: Array<{ rowNumber: number; message: string; values: Record<string, unknown> }>;
  classesCreated: number;
  created: number;
  updated: number;
  /** The new accounts' first passwords: answered this once. */
  cards: RosterCard[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
const classKey = (grade: string, name: string) => `${grade}\u0000${name}`;

/** The 年级 dictionary (stu_grade) as a reader of typed cells: its values, its texts, and common spellings. */
export async function gradeReader(db: Kysely<any>): Promise<(cell: string) => string | undefined> {
  const items = await gradeItems(db);
  const byText = new Map<string, string>();
  for (const i of items) byText.set(squeeze(String(i.itemText ?? '')), String(i.itemValue));
  const values = new Set(items.map((i) => String(i.itemValue)));
  return (cell) => {
    const s = squeeze(cell);
    if (values.has(s)) return s;
    const named = byText.get(s);
    if (named) return named;
    // 1年级, 七年级 (= 初一), 初中2年级, 高1: the dictionary's numbering (1–6 primary, 7–9 junior, 10–12 senior)
    const n = s.replace(/十[一二]|十|[一二三四五六七八九]/g, (d) => String(CN_DIGITS[d]));
    const m = /^(?:(小学)|(初中|初)|(高中|高))?(\d{1,2})(年级)?$/.exec(n);
    if (!m) return undefined;
    const [, primary, junior, senior, digits, suffix] = m;
    if (!primary && !junior && !senior && !suffix && !values.has(digits)) return undefined;
    const k = Number(digits);
    const value = junior ? (k <= 3 ? k + 6 : NaN) : senior ? (k <= 3 ? k + 9 : NaN) : primary ? (k <= 6 ? k : NaN) : k;
    return values.has(String(value)) ? String(value) : undefined;
  };
}
const gradeItems = (db: Kysely<any>) =>
  db.selectFrom('sysDictItem as i').innerJoin('sysDict as d', 'd.id', 'i.dictId').select(['i.itemValue', 'i.itemText']).where('d.dictCode', '=', STUDENT_DICTS.grade).where('i.status', '=', 1).execute();

/** A stored grade as printed on a card: the dictionary's text (四年级), else the value as stored. */
export async function gradeNamer(db: Kysely<any>): Promise<(grade: string | null) => string | null> {
  const texts = new Map((await gradeItems(db)).map((i) => [String(i.itemValue), String(i.itemText)]));
  return (grade) => (grade ? (texts.get(grade) ?? grade) : grade);
}

const CN_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 十一: 11, 十二: 12 };
const squeeze = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

/**
 * Importing a roster hands out the student role: refused unless the caller may grant it as the user page
 * checks a role change (the grant right, and nothing carried beyond what the caller holds).
 */
export async function assertMayGrantStudentRole(db: Kysely<any>, caller: Caller): Promise<void> {
  if (!(await holds(caller, GRANT_ROLE_PERMISSION))) throw new BizError('导入花名册会给学生分配“学生”角色，您没有分配角色的权限', { status: 403, code: CODE_NO_PERMISSION });
  const role = await studentRole(db, caller.tenantId);
  if (role) await assertMayHandOut(db, caller, [role.id]);
}

const studentRole = (db: Kysely<any>, tenantId: number) => db.selectFrom('sysRole').select('id').where('roleCode', '=', STUDENT_ROLE).where('tenantId', '=', tenantId).executeTakeFirst();

function check(c: Cells): string | undefined {
  if (!c.className) return '班级不能为空';
  if (!c.realname) return '姓名不能为空';
  if (!c.studentNo) return '学号不能为空';
  if ([...c.grade].length > 32) return '年级最多32个字符';
  if ([...c.className].length > 100) return '班级最多100个字符';
  if ([...c.realname].length > 100) return '姓名最多100个字符';
  if (!STUDENT_NO.test(c.studentNo)) return '学号只能由字母、数字、下划线和减号组成，最多32个字符';
  if (c.parentPhone && !FORM_PATTERNS.mobile.pattern.test(c.parentPhone)) return '家长手机号格式不正确';
  return undefined;
}

async function chunked<T>(items: string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

async function insertChunks(db: Kysely<any>, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await insertMany(db, table, rows.slice(i, i + CHUNK));
}

/** Reads and checks the file; writes only when every row is good (else `failed` says why, row by row). */
export async function importRoster(db: Kysely<any>, caller: Caller, filePath: string, at: string): Promise<RosterOutcome> {
  const tenantId = caller.tenantId;
  if (tenantId <= 0) throw new ResourceError('当前用户不属于任何租户');
  const outcome: RosterOutcome = { total: 0, imported: 0, failed: [], classesCreated: 0, created: 0, updated: 0, cards: [] };
  await assertMayGrantStudentRole(db, caller);
  const gradeOf = await gradeReader(db);
  const rows: Array<{ rowNumber: number; cells: Cells }> = [];
  const sheet = await readSpreadsheet(filePath);
  try {
    const cols = COLUMNS.map((col) => sheet.header.findIndex((h) => text(h) === col.title));
    const missing = COLUMNS.filter((col, i) => col.required && cols[i] < 0);
    if (missing.length) throw new ResourceError(`Excel 缺少必填列：${missing.map((col) => col.title).join('、')}`);
    const seen = new Map<string, number>();
    for await (const r of sheet.rows) {
      if (++outcome.total > MAX_ROSTER_ROWS) throw new ResourceError(`一次最多导入${MAX_ROSTER_ROWS}名学生`);
      const cells = Object.fromEntries(COLUMNS.map((col, i) => [col.key, cols[i] < 0 ? '' : text(r.cells[cols[i]])])) as Cells;
      let message = check(cells);
      // the class's grade is the dictionary's value; the report keeps what was typed
      const grade = cells.grade ? gradeOf(cells.grade) : '';
      if (!message && grade === undefined) message = `年级“${cells.grade}”不是年级字典中的年级（一年级至高三，或1至12）`;
      const earlier = seen.get(cells.studentNo);
      if (!message && earlier) message = `学号“${cells.studentNo}”与第${earlier}行重复`;
      if (message) outcome.failed.push({ rowNumber: r.rowNumber, message, values: cells });
      else seen.set(cells.studentNo, r.rowNumber);
      rows.push({ rowNumber: r.rowNumber, cells: { ...cells, grade: grade ?? cells.grade } });
    }
  } finally {
    await sheet.close();
  }
  if (!rows.length) throw new ResourceError('文件中没有学生');

  const role = await studentRole(db, tenantId);
  if (!role) throw new ResourceError('当前租户没有学生角色（student），请先添加');

  const numbers = rows.map((r) => r.cells.studentNo);
  const known = new Map(
    (await chunked(numbers, (part) => db.selectFrom('stuStudent').select(['studentNo', 'userId']).where('tenantId', '=', tenantId).where('studentNo', 'in', part).execute())).map((s) => [s.studentNo, s.userId]),
  );
  // account names for the new students: the 学号, else the 学号 with the tenant
  const fresh = rows.filter((r) => !known.has(r.cells.studentNo));
  const wanted = fresh.flatMap((r) => [r.cells.studentNo, `${r.cells.studentNo}-${tenantId}`]);
  const taken = new Set((await chunked(wanted, (part) => db.selectFrom('sysUser').select('username').where('username', 'in', part).execute())).map((u) => u.username));
  const usernames = new Map<string, string>();
  for (const r of fresh) {
    const name = [r.cells.studentNo, `${r.cells.studentNo}-${tenantId}`].find((n) => !taken.has(n));
    if (name) usernames.set(r.cells.studentNo, name);
    else if (!outcome.failed.some((f) => f.rowNumber === r.rowNumber)) outcome.failed.push({ rowNumber: r.rowNumber, message: `账号“${r.cells.studentNo}”已被其他用户占用`, values: r.cells });
  }
  if (outcome.failed.length) {
    outcome.failed.sort((a, b) => a.rowNumber - b.rowNumber);
    return outcome;
  }

  // hashed before the transaction: the database is not held while scrypt runs
  const passwords = new Map(fresh.map((r) => [r.cells.studentNo, firstPassword()]));
  const hashes = new Map(await hashAll([...passwords]));

  const gradeName = await gradeNamer(db);
  await db.transaction().execute(async (trx) => {
    const classes = new Map((await trx.selectFrom('stuClass').select(['id', 'name', 'grade']).where('tenantId', '=', tenantId).execute()).map((c) => [classKey(c.grade ?? '', c.name), c.id]));
    const newClasses: Record<string, unknown>[] = [];
    for (const r of rows) {
      const key = classKey(r.cells.grade, r.cells.className);
      if (classes.has(key)) continue;
      const id = newId();
      classes.set(key, id);
      newClasses.push({ id, name: r.cells.className, grade: r.cells.grade || null, tenantId, createBy: caller.username, createTime: at });
    }
    for (const c of newClasses) await trx.insertInto('stuClass').values(c as any).execute();
    outcome.classesCreated = newClasses.length;

    const users: Record<string, unknown>[] = [];
    const students: Record<string, unknown>[] = [];
    const ids = new Map(known);
    for (const r of fresh) {
      const id = newId();
      ids.set(r.cells.studentNo, id);
      const username = usernames.get(r.cells.studentNo)!;
      users.push({ id, username, realname: r.cells.realname, password: hashes.get(r.cells.studentNo)!, status: 1, delFlag: 0, loginTenantId: tenantId, pwdMustChange: 1, createBy: caller.username, createTime: at });
      students.push({ id: newId(), tenantId, userId: id, studentNo: r.cells.studentNo, parentPhone: r.cells.parentPhone || null, createTime: at });
      outcome.cards.push({ userId: id, realname: r.cells.realname, username, password: passwords.get(r.cells.studentNo)!, grade: gradeName(r.cells.grade) ?? '', className: r.cells.className, studentNo: r.cells.studentNo });
    }
    await insertChunks(trx, 'sysUser', users);
    await insertChunks(trx, 'sysUserTenant', users.map((u) => ({ id: newId(), userId: u.id, tenantId, status: '1', createBy: caller.username, createTime: at })));
    await insertChunks(trx, 'sysUserRole', users.map((u) => ({ id: newId(), userId: u.id, roleId: role.id, tenantId })));
    await insertChunks(trx, 'stuStudent', students);

    // students already known: their names and parent phones follow the file, their passwords stay
    for (const r of rows) {
      if (!known.has(r.cells.studentNo)) continue;
      const userId = known.get(r.cells.studentNo)!;
      await trx.updateTable('sysUser').set({ realname: r.cells.realname, updateBy: caller.username, updateTime: at }).where('id', '=', userId).execute();
      await trx.updateTable('stuStudent').set({ parentPhone: r.cells.parentPhone || null, updateTime: at }).where('tenantId', '=', tenantId).where('userId', '=', userId).execute();
    }
    outcome.updated = known.size;
    outcome.created = fresh.length;

    // each student's class in the tenant is the file's: other student places of theirs are left
    const wantedClass = new Map(rows.map((r) => [ids.get(r.cells.studentNo)!, classes.get(classKey(r.cells.grade, r.cells.className))!]));
    const current = known.size
      ? await chunked([...known.values()], (part) => trx.selectFrom('stuClassMember').select(['id', 'userId', 'classId', 'memberRole']).where('tenantId', '=', tenantId).where('userId', 'in', part).execute())
      : [];
    const teaching = current.find((m) => m.memberRole === 'teacher' && wantedClass.get(m.userId) === m.classId);
    if (teaching) throw new ResourceError(`学号“${[...known].find(([, u]) => u === teaching.userId)![0]}”的账号是该班的老师，不能同时是学生`);
    const stale = current.filter((m) => m.memberRole === 'student' && wantedClass.get(m.userId) !== m.classId).map((m) => m.id);
    if (stale.length) await chunked(stale, async (part) => [await trx.deleteFrom('stuClassMember').where('id', 'in', part).execute()]);
    const placed = new Set(current.filter((m) => m.memberRole === 'student').map((m) => `${m.userId}\u0000${m.classId}`));
    const members = [...wantedClass].filter(([userId, classId]) => !placed.has(`${userId}\u0000${classId}`)).map(([userId, classId]) => ({ id: newId(), classId, userId, memberRole: 'student', tenantId }));
    await insertChunks(trx, 'stuClassMember', members);
  });
  outcome.imported = rows.length;
  return outcome;
}

/** The refused rows as the user sent them, with the reason beside each (the import error report's layout). */
export function rosterErrorReport(outcome: RosterOutcome): Promise<Buffer> {
  const columns = [{ field: '__row', title: '行号' }, ...COLUMNS.map((col) => ({ field: col.key, title: col.title })), { field: '__error', title: '错误信息' }];
  return xlsxBuffer(columns, outcome.failed.map((f) => ({ ...f.values, __row: f.rowNumber, __error: f.message })), '错误数据');
}
