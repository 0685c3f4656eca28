// Test data of the study engine: users holding the area's codes, and content rows inserted directly, so the
// study tests depend neither on the back-office pages nor on the seeded menus.
import { STUDY_PERMISSION } from '@anxue/shared';
import type { Db } from '../../../core/db';
import { formatDateTime, newId, seedId } from '../../../core/db';
import { createUser, DEFAULT_TENANT, login, type TestApp } from '../../../../test/helpers/test-app';

const PASSWORD = 'Study#2026-pass';

/** A button row carrying `code`, created once per database (the seeded menus may carry the same code). */
async function permissionRow(db: Db, code: string): Promise<string> {
  const id = seedId(`test.study.${code}`);
  await db
    .insertInto('sysPermission')
    .values({ id, parentId: null, name: code, url: null, component: null, componentName: null, redirect: null, menuType: 2, perms: code, permsType: '1', sortNo: 0, icon: null, status: '1', createBy: null, createTime: null, updateBy: null, updateTime: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return id;
}

/** A user of the default tenant whose role holds the given permission codes; answers its id and a token. */
export async function userWith(t: TestApp, username: string, codes: string[] = [STUDY_PERMISSION]): Promise<{ id: string; token: string }> {
  const id = await createUser(t.db, { username, password: PASSWORD, menuKeys: [] });
  await grantCodes(t.db, id, codes);
  return { id, token: await login(t.app, username, PASSWORD) };
}

/** Grants the codes to the first role of an existing user (e.g. the administrator). */
export async function grantCodes(db: Db, userId: string, codes: string[]): Promise<void> {
  const role = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
  for (const code of codes) {
    const permissionId = await permissionRow(db, code);
    const has = await db.selectFrom('sysRolePermission').select('id').where('roleId', '=', role.roleId).where('permissionId', '=', permissionId).executeTakeFirst();
    if (!has) await db.insertInto('sysRolePermission').values({ id: newId(), roleId: role.roleId, permissionId, dataRuleIds: null, operateDate: null, operateIp: null }).execute();
  }
}

const tenantId = DEFAULT_TENANT;
const now = () => formatDateTime(new Date());

export async function insertCourse(db: Db, v: { title?: string; published?: number; category?: string; sortNo?: number } = {}) {
  const id = newId();
  await db.insertInto('stuCourse').values({ id, tenantId, title: v.title ?? '防溺水', cover: 'course/cover.png', description: null, category: v.category ?? null, gradeBand: null, published: v.published ?? 1, sortNo: v.sortNo ?? 0, createBy: null, createTime: now(), updateBy: null, updateTime: null }).execute();
  return id;
}
export async function insertChapter(db: Db, courseId: string, title: string, sortNo: number) {
  const id = newId();
  await db.insertInto('stuCourseChapter').values({ id, tenantId, courseId, title, sortNo, createBy: null, createTime: now(), updateBy: null, updateTime: null }).execute();
  return id;
}
export async function insertVideo(db: Db, v: { filePath?: string | null; durationSeconds?: number; published?: number; title?: string } = {}) {
  const id = newId();
  await db
    .insertInto('stuVideo')
    .values({ id, tenantId, title: v.title ?? '安全视频', cover: null, filePath: v.filePath ?? null, durationSeconds: v.durationSeconds ?? 60, fileSize: null, description: null, category: null, gradeBand: null, published: v.published ?? 1, sortNo: 0, createBy: null, createTime: now(), updateBy: null, updateTime: null })
    .execute();
  return id;
}
export async function insertLesson(db: Db, v: { courseId: string; chapterId?: string | null; title?: string; kind?: string; mediaId?: string | null; durationSeconds?: number; sortNo?: number; content?: string }) {
  const id = newId();
  await db
    .insertInto('stuLesson')
    .values({ id, tenantId, courseId: v.courseId, chapterId: v.chapterId ?? null, title: v.title ?? '课时', kind: v.kind ?? 'video', mediaId: v.mediaId ?? null, content: v.content ?? null, durationSeconds: v.durationSeconds ?? 0, sortNo: v.sortNo ?? 0, createBy: null, createTime: now(), updateBy: null, updateTime: null })
    .execute();
  return id;
}

export interface QuestionSeed {
  type?: 'single' | 'multi' | 'judge';
  stem?: string;
  category?: string | null;
  difficulty?: string;
  /** option contents in label order A, B, C… */
  options?: string[];
  /** the right labels, e.g. "A" or "A,C" */
  answer: string;
  analysis?: string;
}
export async function insertQuestion(db: Db, q: QuestionSeed) {
  const id = newId();
  const type = q.type ?? 'single';
  const options = q.options ?? (type === 'judge' ? ['正确', '错误'] : ['选项一', '选项二', '选项三', '选项四']);
  const right = q.answer.split(',');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stuQuestion')
      .values({ id, tenantId, type, stem: q.stem ?? `题目${id.slice(-6)}`, analysis: q.analysis ?? '解析', difficulty: q.difficulty ?? '2', category: q.category ?? null, gradeBand: null, score: 5, answer: q.answer, delFlag: 0, createBy: null, createTime: now(), updateBy: null, updateTime: null })
      .execute();
    for (const [i, content] of options.entries()) {
      const label = String.fromCharCode(65 + i);
      await trx.insertInto('stuQuestionOption').values({ id: newId(), tenantId, questionId: id, label, content, image: null, isCorrect: right.includes(label) ? 1 : 0, sortNo: i }).execute();
    }
  });
  return id;
}

export interface PaperSeed {
  title?: string;
  mode?: 'fixed' | 'rule';
  timeLimitMinutes?: number;
  openTime?: string | null;
  closeTime?: string | null;
  passScore?: number;
  maxAttempts?: number;
  scoreRule?: 'best' | 'last';
  partialCredit?: number;
  shuffleOptions?: number;
  published?: number;
  questions?: Array<{ questionId: string; score: number }>;
  rules?: Array<{ category?: string | null; type?: string | null; difficulty?: string | null; questionCount: number; score: number }>;
}
export async function insertPaper(db: Db, p: PaperSeed) {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stuPaper')
      .values({
        id,
        tenantId,
        title: p.title ?? '安全测验',
        description: null,
        mode: p.mode ?? (p.rules ? 'rule' : 'fixed'),
        timeLimitMinutes: p.timeLimitMinutes ?? 0,
        openTime: p.openTime ?? null,
        closeTime: p.closeTime ?? null,
        passScore: p.passScore ?? 0,
        maxAttempts: p.maxAttempts ?? 0,
        scoreRule: p.scoreRule ?? 'best',
        partialCredit: p.partialCredit ?? 0,
        shuffleOptions: p.shuffleOptions ?? 0,
        published: p.published ?? 1,
        createBy: null,
        createTime: now(),
        updateBy: null,
        updateTime: null,
      })
      .execute();
    for (const [i, q] of (p.questions ?? []).entries()) await trx.insertInto('stuPaperQuestion').values({ id: newId(), tenantId, paperId: id, questionId: q.questionId, score: q.score, sortNo: i }).execute();
    for (const [i, r] of (p.rules ?? []).entries())
      await trx.insertInto('stuPaperRule').values({ id: newId(), tenantId, paperId: id, category: r.category ?? null, type: r.type ?? null, difficulty: r.difficulty ?? null, questionCount: r.questionCount, score: r.score, sortNo: i }).execute();
  });
  return id;
}

export async function insertClass(db: Db, name: string, members: Array<{ userId: string; role: 'student' | 'teacher' }>) {
  const id = newId();
  await db.insertInto('stuClass').values({ id, tenantId, name, grade: null, departId: null, description: null, createBy: null, createTime: now(), updateBy: null, updateTime: null }).execute();
  for (const m of members) await db.insertInto('stuClassMember').values({ id: newId(), tenantId, classId: id, userId: m.userId, memberRole: m.role }).execute();
  return id;
}
