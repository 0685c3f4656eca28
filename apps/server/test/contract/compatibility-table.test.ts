import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// docs/compatibility.md lists every call of the original Vue 3 client with what our server does with
// it. The rows it marks "works" must be real routes, so the table cannot claim more than is there.
const TABLE = readFileSync(join(__dirname, '../../../../docs/compatibility.md'), 'utf8');
const ROW = /^\| (GET|POST|PUT|DELETE|ANY) \| `([^`]+)` \| ([^|]+) \| ([^|]+) \|/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('docs/compatibility.md', () => {
  it('marks as working only calls that have a route with that method and path', () => {
    const base = t.config.apiBase;
    const routes = t.app.declaredRoutes().flatMap((r) =>
      [r.method].flat().map((method) => ({
        method: String(method),
        pattern: new RegExp(`^${r.url.slice(base.length).replace(/[.]/g, '\\.').replace(/:[A-Za-z]+/g, '[^/]+').replace(/\*$/, '.*')}$`),
      })),
    );
    const rows = TABLE.split('\n').map((line) => ROW.exec(line)).filter((m): m is RegExpExecArray => !!m);
    const working = rows.filter((m) => m[4].trim() === 'works');
    expect(working.length).toBeGreaterThan(100);
    const claimed = working.filter(([, method, path]) => {
      const probe = path.replace(/\$\{[^}]*\}/g, 'x');
      // a path the client completes itself (…/getDictItems/ + code) is served by a route with a trailing parameter
      return !routes.some((r) => (method === 'ANY' || r.method === method) && (r.pattern.test(probe) || r.pattern.test(`${probe}/x`)));
    });
    expect(claimed.map(([, method, path]) => `${method} ${path}`), 'marked works, but no such route').toEqual([]);
  });
});
