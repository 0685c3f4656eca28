// Certificates: a course whose every lesson is finished, or an activity whose lessons are finished and whose
// quiz (when it has one) is passed, earns one certificate per student and work, issued when the completion
// happens (issueCertificates, called where progress and attempts are recorded) and, for completions before
// that, when the student opens their certificates. Each carries a code anyone may check without signing in;
// the check answers the name, the work and the date, and whether the school revoked it, nothing else.
// A revoked certificate is kept (so the same work never earns a second one) until the back-office restores it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_CODE_LENGTH,
  formatCertificateCode,
  normalizeCertificateCode,
  STUDY_PERMISSION,
  type CertificateCard,
  type CertificateCheck,
  type CertificateKind,
} from '@anxue/shared';
import type { AppConfig } from '../../../config';
import { formatDateTime, inLockedTransaction, newId, type Clock, type Db, type DialectName } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { readSettings } from '../../system/setting/service';
import { inTenant, refuse, studyCaller } from './common';

export const CERTIFICATE_MESSAGES = {
  unknown: '证书不存在，请核对验证码',
  tooMany: '查询过于频繁，请一小时后再试',
  notFound: '未找到该证书',
} as const;

/** What issuing needs from the app. */
export interface IssueContext {
  db: Db;
  config: AppConfig;
  clock: Clock;
}

/** A fresh code: 12 letters of a 32-letter alphabet from the system's random source, 60 bits. */
export function newCertificateCode(): string {
  const bytes = randomBytes(CERTIFICATE_CODE_LENGTH);
  // 256 is a multiple of 32, so every letter is equally likely
  return Array.from(bytes, (b) => CERTIFICATE_ALPHABET[b & 31]).join('');
}

const dateOf = (v: unknown): string | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) return v.slice(0, 10);
  const ms = Number(v);
  return Number.isFinite(ms) ? formatDateTime(new Date(ms)).slice(0, 10) : null;
};
const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

interface Completed {
  kind: CertificateKind;
  refId: string;
  title: string;
  date: string | null;
}

/** Courses of the scope whose every lesson the user finished, not yet certified. */
async function finishedCourses(db: Db, userId: string, tenantId: number, courseIds?: string[]): Promise<Completed[]> {
  if (courseIds && !courseIds.length) return [];
  let q = db
    .selectFrom('stuLesson as l')
    .innerJoin('stuCourse as c', 'c.id', 'l.courseId')
    .leftJoin('stuLessonProgress as p', (j) => j.onRef('p.lessonId', '=', 'l.id').on('p.userId', '=', userId).on('p.finished', '=', 1))
    .select((eb) => ['l.courseId', 'c.title', eb.fn.countAll<number>().as('n'), eb.fn.count<number>('p.id').as('f'), eb.fn.max('p.finishedAt').as('at')])
    .where('c.tenantId', '=', tenantId)
    .where('l.courseId', 'not in', db.selectFrom('stuCertificate').select('refId').where('userId', '=', userId).where('kind', '=', 'course'))
    .groupBy(['l.courseId', 'c.title']);
  q = courseIds ? q.where('l.courseId', 'in', courseIds) : q.where('l.courseId', 'in', db.selectFrom('stuLessonProgress').select('courseId').where('userId', '=', userId).where('finished', '=', 1));
  const rows = await q.execute();
  return rows.filter((r) => Number(r.n) > 0 && Number(r.f) === Number(r.n)).map((r) => ({ kind: 'course', refId: r.courseId, title: r.title, date: dateOf(r.at) }));
}

/** Published activities of the user's classes (in scope) whose lessons are finished and quiz passed, not yet certified. */
async function finishedActivities(db: Db, userId: string, tenantId: number, activityIds?: string[]): Promise<Completed[]> {
  if (activityIds && !activityIds.length) return [];
  let q = db
    .selectFrom('stuActivity as a')
    .select(['a.id', 'a.title', 'a.paperId'])
    .where('a.tenantId', '=', tenantId)
    .where('a.published', '=', 1)
    .where('a.id', 'in', db.selectFrom('stuActivityClass').select('activityId').where('classId', 'in', db.selectFrom('stuClassMember').select('classId').where('userId', '=', userId)))
    .where('a.id', 'not in', db.selectFrom('stuCertificate').select('refId').where('userId', '=', userId).where('kind', '=', 'activity'));
  if (activityIds) q = q.where('a.id', 'in', activityIds);
  const activities = await q.execute();
  if (!activities.length) return [];
  const ids = activities.map((a) => a.id);
  const paperIds = [...new Set(activities.map((a) => a.paperId).filter((p): p is string => !!p))];
  const [lessons, passed] = await Promise.all([
    db
      .selectFrom('stuActivityLesson as al')
      .leftJoin('stuLessonProgress as p', (j) => j.onRef('p.lessonId', '=', 'al.lessonId').on('p.userId', '=', userId).on('p.finished', '=', 1))
      .select((eb) => ['al.activityId', eb.fn.countAll<number>().as('n'), eb.fn.count<number>('p.id').as('f'), eb.fn.max('p.finishedAt').as('at')])
      .where('al.activityId', 'in', ids)
      .groupBy('al.activityId')
      .execute(),
    paperIds.length
      ? db
          .selectFrom('stuAttempt')
          .select((eb) => ['paperId', eb.fn.min('submittedAt').as('at')])
          .where('userId', '=', userId)
          .where('status', '=', 'done')
          .where('passed', '=', 1)
          .where('paperId', 'in', paperIds)
          .groupBy('paperId')
          .execute()
      : Promise.resolve([]),
  ]);
  const out: Completed[] = [];
  for (const a of activities) {
    const l = lessons.find((x) => x.activityId === a.id);
    const n = Number(l?.n ?? 0);
    if (n === 0 && !a.paperId) continue; // nothing to complete
    if (n > 0 && Number(l!.f) !== n) continue;
    let date = n > 0 ? dateOf(l!.at) : null;
    if (a.paperId) {
      const p = passed.find((x) => x.paperId === a.paperId);
      if (!p) continue;
      date = later(date, dateOf(p.at));
    }
    out.push({ kind: 'activity', refId: a.id, title: a.title, date });
  }
  return out;
}

/**
 * Issues the certificates the user has earned and does not hold yet, within the scope when one is given
 * (the courses and activities a new piece of progress can complete); never twice for a user and work.
 */
export async function issueCertificates(ctx: IssueContext, user: { id: string; tenantId: number }, scope?: { courseIds?: string[]; activityIds?: string[] }): Promise<number> {
  const { db } = ctx;
  const [courses, activities] = await Promise.all([
    scope && !scope.courseIds ? Promise.resolve([]) : finishedCourses(db, user.id, user.tenantId, scope?.courseIds),
    scope && !scope.activityIds ? Promise.resolve([]) : finishedActivities(db, user.id, user.tenantId, scope?.activityIds),
  ]);
  const earned = [...courses, ...activities];
  if (!earned.length) return 0;
  const [person, settings] = await Promise.all([
    db.selectFrom('sysUser').select(['realname', 'username']).where('id', '=', user.id).executeTakeFirst(),
    readSettings(db, ctx.config, ctx.clock),
  ]);
  const realname = (person?.realname || person?.username || '').slice(0, 100);
  const school = (settings.siteName || ctx.config.appTitle).slice(0, 100);
  const now = ctx.clock.now();
  let issued = 0;
  for (const w of earned) {
    // a code already taken (one chance in 2^60) is drawn again; the work's own unique key stops a second copy
    for (let tries = 0; tries < 5; tries++) {
      const res = await db
        .insertInto('stuCertificate')
        .values({
          id: newId(),
          tenantId: user.tenantId,
          userId: user.id,
          kind: w.kind,
          refId: w.refId,
          title: w.title.slice(0, 200),
          realname,
          school,
          issuedDate: w.date ?? formatDateTime(now).slice(0, 10),
          code: newCertificateCode(),
          createTime: formatDateTime(now),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
        issued++;
        break;
      }
      const held = await db.selectFrom('stuCertificate').select('id').where('userId', '=', user.id).where('kind', '=', w.kind).where('refId', '=', w.refId).executeTakeFirst();
      if (held) break;
    }
  }
  return issued;
}

type Log = { error: (obj: object, msg: string) => void };

/**
 * After a lesson is finished: its course, and the activities it belongs to. A failure here is logged and
 * does not undo the progress: the student's certificates page issues what is missing.
 */
export async function issueAfterLesson(ctx: IssueContext, log: Log, user: { id: string; tenantId: number }, lesson: { id: string; courseId: string }): Promise<void> {
  try {
    const activities = await ctx.db.selectFrom('stuActivityLesson').select('activityId').where('lessonId', '=', lesson.id).execute();
    await issueCertificates(ctx, user, { courseIds: [lesson.courseId], activityIds: activities.map((a) => a.activityId) });
  } catch (err) {
    log.error({ err }, 'certificate not issued after a finished lesson');
  }
}

/** After a passed test: the activities whose quiz it is (a failure logged, as above). */
export async function issueAfterPaper(ctx: IssueContext, log: Log, user: { id: string; tenantId: number }, paperId: string): Promise<void> {
  try {
    const activities = await ctx.db.selectFrom('stuActivity').select('id').where('paperId', '=', paperId).where('tenantId', '=', user.tenantId).execute();
    if (activities.length) await issueCertificates(ctx, user, { activityIds: activities.map((a) => a.id) });
  } catch (err) {
    log.error({ err }, 'certificate not issued after a passed test');
  }
}

const CARD_COLUMNS = ['id', 'kind', 'refId', 'title', 'realname', 'school', 'issuedDate', 'code', 'revokedAt'] as const;
const card = ({ revokedAt, ...r }: { id: string; kind: string; refId: string; title: string; realname: string; school: string; issuedDate: string; code: string; revokedAt: string | null }): CertificateCard => ({
  ...r,
  kind: r.kind as CertificateKind,
  code: formatCertificateCode(r.code),
  revokedDate: revokedAt ? revokedAt.slice(0, 10) : null,
});

const CODE_SHAPE = new RegExp(`^[${CERTIFICATE_ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}$`);

/** The public check of a code, with the misses of each client address counted (see certVerifyMissesPerHour). */
export async function verifyCertificate(db: Db, dialect: DialectName, opts: { code: string; clientIp: string; now: Date; limit: number }): Promise<CertificateCheck> {
  const code = normalizeCertificateCode(opts.code);
  const lookup = async (d: Db) =>
    CODE_SHAPE.test(code) ? d.selectFrom('stuCertificate').select(['realname', 'title', 'issuedDate', 'revokedAt']).where('code', '=', code).executeTakeFirst() : undefined;
  let found: Awaited<ReturnType<typeof lookup>>;
  if (opts.limit <= 0) found = await lookup(db);
  else {
    const clientIp = (opts.clientIp || 'unknown').slice(0, 64);
    const since = formatDateTime(new Date(opts.now.getTime() - 3_600_000));
    const outcome = await inLockedTransaction(db, dialect, [`cert:ip:${clientIp}`], async (trx) => {
      const misses = await trx
        .selectFrom('stuCertificateMiss')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('clientIp', '=', clientIp)
        .where('createTime', '>', since)
        .executeTakeFirst();
      if (Number(misses?.n ?? 0) >= opts.limit) return 'limited' as const;
      const row = await lookup(trx);
      if (row) return row;
      await trx.deleteFrom('stuCertificateMiss').where('createTime', '<=', since).execute();
      await trx.insertInto('stuCertificateMiss').values({ id: newId(), clientIp, createTime: formatDateTime(opts.now) }).execute();
      return undefined;
    });
    if (outcome === 'limited') throw new BizError(CERTIFICATE_MESSAGES.tooMany, { status: 429, code: 429 });
    found = outcome;
  }
  if (!found) throw new BizError(CERTIFICATE_MESSAGES.unknown, { status: 404, code: 404 });
  return { name: found.realname, work: found.title, date: found.issuedDate, revokedDate: found.revokedAt ? found.revokedAt.slice(0, 10) : null };
}

export function registerCertificateRoutes(app: FastifyInstance) {
  const { db, clock, config, dialect } = app.ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['学习园地'];

  api.get('/students/study/certificates', { config: { permission: STUDY_PERMISSION }, schema: { tags, summary: '我的证书' } }, async (req) => {
    const caller = studyCaller(req);
    await issueCertificates(app.ctx, caller);
    const rows = await inTenant(db.selectFrom('stuCertificate').select([...CARD_COLUMNS]), caller).where('userId', '=', caller.id).orderBy('issuedDate', 'desc').orderBy('id', 'desc').execute();
    return ok(rows.map(card));
  });

  api.get(
    '/students/study/certificate',
    { config: { permission: STUDY_PERMISSION }, schema: { tags, summary: '我的一张证书（打印）', querystring: z.object({ id: z.string().min(1).max(32) }) } },
    async (req) => {
      const caller = studyCaller(req);
      const row = await inTenant(db.selectFrom('stuCertificate').select([...CARD_COLUMNS]), caller).where('userId', '=', caller.id).where('id', '=', req.query.id).executeTakeFirst();
      if (!row) throw refuse(CERTIFICATE_MESSAGES.notFound);
      return ok(card(row));
    },
  );

  // Open to anyone: a code's three facts. Unknown codes are counted per address, so guessing is slow.
  api.get(
    '/students/certificate/verify/:code',
    { config: { public: true }, schema: { tags, summary: '验证证书（无需登录）', params: z.object({ code: z.string().max(40) }) } },
    async (req) => ok(await verifyCertificate(db, dialect, { code: req.params.code, clientIp: req.ip, now: clock.now(), limit: config.certVerifyMissesPerHour })),
  );
}
