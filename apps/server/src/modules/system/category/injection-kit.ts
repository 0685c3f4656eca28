import { expect } from 'vitest';
import type { Db } from '../../../core/db';
import { SLOW_ANSWER_MS } from '../../../../test/helpers/injection';
import { auth, type TestApp } from '../../../../test/helpers/test-app';

// Shared by the injection suites of categories, check rules and fill rules (test support only).

export interface Answer {
  status: number;
  body: { success?: boolean; message?: string; code?: number; result?: unknown };
  ms: number;
}

/** One call through the app, timed. */
export async function send(t: TestApp, token: string, method: 'GET' | 'PUT', url: string, payload?: unknown): Promise<Answer> {
  const started = Date.now();
  const res = await t.app.inject({ method, url: `/api${url}`, headers: auth(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.json(), ms: Date.now() - started };
}

/** The message of an internal fault: never an acceptable answer to a payload. */
export const INTERNAL_ERROR_MESSAGE = '操作失败，服务器内部错误';

/**
 * A refusal: a 4xx (refusals of the request itself) or, as the original platform answers business
 * refusals and invalid input, HTTP 200 with `success: false`.
 */
export function isRefusal(a: Answer): boolean {
  return a.status >= 400 || a.body.success === false;
}

/**
 * A payload's answer is acceptable when it is a refusal (in the envelope, with a message that is not
 * the internal fault's) or the same answer a harmless unknown value gets; never a 500, never slow
 * (time-based payloads would be).
 */
export function expectSafe(label: string, got: Answer, baseline: Answer | ((a: Answer) => void)) {
  expect(got.status, `${label}: ${JSON.stringify(got.body)}`).toBeLessThan(500);
  expect(got.ms, `${label} answered slowly`).toBeLessThan(SLOW_ANSWER_MS);
  expect(got.body.success, label).toBeTypeOf('boolean');
  if (isRefusal(got)) {
    expect(got.body.success, label).toBe(false);
    expect(got.body.message, `${label}: a refusal says why`).toMatch(/[\u4e00-\u9fa5]/);
    expect(got.body.message, `${label}: ${JSON.stringify(got.body)}`).not.toBe(INTERNAL_ERROR_MESSAGE);
    return;
  }
  if (typeof baseline === 'function') baseline(got);
  else expect({ success: got.body.success, result: got.body.result }, label).toEqual({ success: baseline.body.success, result: baseline.body.result });
}

/** Everything the payloads aim at, to compare before and after a suite. */
export async function dataSnapshot(db: Db) {
  const users = await db.selectFrom('sysUser').select(['id', 'username', 'password', 'status', 'delFlag']).orderBy('id').execute();
  const dicts = await db.selectFrom('sysDict').select(['id', 'dictCode', 'delFlag']).orderBy('id').execute();
  const categories = await db.selectFrom('sysCategory').select(['id', 'pid', 'name', 'code', 'hasChild']).orderBy('id').execute();
  const checkRules = await db.selectFrom('sysCheckRule').select(['id', 'ruleCode', 'ruleJson']).orderBy('id').execute();
  const fillRules = await db.selectFrom('sysFillRule').select(['id', 'ruleCode', 'ruleClass', 'ruleParams']).orderBy('id').execute();
  return { users, dicts, categories, checkRules, fillRules };
}
