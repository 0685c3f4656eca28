import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { STUDENT_DICTS } from '@anxue/shared';
import { whereTenant } from '../../../core/access';
import { addDictTexts } from '../../../core/crud/dict-text';
import { callerOf, ResourceError, type Caller } from '../../../core/crud';
import type { ResourceField } from '../../../core/crud';
import type { Db } from '../../../core/db';

/** Who calls a study route: the signed-in user with their tenant. */
export type StudyCaller = Caller;
export const studyCaller = (req: FastifyRequest): StudyCaller => callerOf(req);

/** Keeps a query to the caller's tenant (the area's one tenant filter). */
export const inTenant = whereTenant;

/** A refusal the student can read (HTTP 200, success false, the message). */
export const refuse = (message: string) => new ResourceError(message);

/** A stored path as the public image address (/api/sys/common/view/<path>); addresses already absolute pass through. */
export function imageAddress(app: FastifyInstance, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('/')) return path;
  return `${app.ctx.config.apiBase}/sys/common/view/${encodeStoredPath(path)}`;
}

/** Each segment of a stored relative path URL-encoded, the slashes kept. */
export function encodeStoredPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The comma list of stored paths (a picture set) as a list. */
export const splitPaths = (s: string | null | undefined): string[] => (s ?? '').split(',').map((p) => p.trim()).filter(Boolean);

/** Epoch milliseconds from a bigint column (PostgreSQL answers text, SQLite a number). */
export const millis = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** 'YYYY-MM-DD HH:mm:ss' (server local time, as stored) as epoch milliseconds; null for empty or unreadable text. */
export function parseDateTime(s: string | null | undefined): number | null {
  if (!s) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)).getTime();
}

/** Seconds left until a deadline by the server's clock (never negative), null without one. */
export const secondsLeft = (deadline: number | null, now: number): number | null => (deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000)));

const DICT_FIELDS = [
  { name: 'category', title: '分类', type: 'string', dictCode: STUDENT_DICTS.category },
  { name: 'gradeBand', title: '学段', type: 'string', dictCode: STUDENT_DICTS.gradeBand },
  { name: 'type', title: '题型', type: 'string', dictCode: STUDENT_DICTS.questionType },
] as ResourceField[];

/** Adds category_dictText / gradeBand_dictText / type_dictText to the cards that carry those fields. */
export async function addStudyDictTexts(db: Db, records: object[]): Promise<void> {
  if (!records.length) return;
  const present = DICT_FIELDS.filter((f) => f.name in records[0]);
  await addDictTexts(db, present, records as Record<string, unknown>[]);
}

/** Published rows of a content table, in the caller's tenant, with the list filters applied. */
export function publishedContent<Q extends SelectQueryBuilder<any, any, any>>(
  qb: Q,
  caller: StudyCaller,
  filters: { category?: string; gradeBand?: string; keyword?: string },
  titleColumn = 'title',
): Q {
  let q = inTenant(qb, caller).where('published' as any, '=', 1) as Q;
  if (filters.category) q = q.where('category' as any, '=', filters.category) as Q;
  if (filters.gradeBand) q = q.where('gradeBand' as any, '=', filters.gradeBand) as Q;
  const keyword = filters.keyword?.trim();
  if (keyword) q = q.where(titleColumn as any, 'like', `%${keyword.replace(/[%_\\]/g, '')}%`) as Q;
  return q;
}

/** A row lock on PostgreSQL and MySQL (SQLite serialises writers, and has no FOR UPDATE). */
export function lockRow<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, dialect: string): Q {
  return dialect === 'sqlite' ? qb : (qb.forUpdate() as Q);
}
