import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The original server reads JSON with Jackson, which turns a number into text where text is expected and a
 * numeric text into a number where a number is: its clients rely on it (the 3.9 sign-in sends `checkKey: -1`
 * before its captcha loads). Every body here is read the same way: only when a body fails its schema, the
 * values the issues point at are converted when that is exactly the mismatch, and the body is read again.
 */
interface Issue {
  code: string;
  path: PropertyKey[];
  expected?: string;
  values?: unknown[];
  errors?: Issue[][];
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

function converted(value: unknown, issue: Issue): { value: unknown } | undefined {
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'string' && typeof value === 'number' && Number.isFinite(value)) return { value: String(value) };
    if ((issue.expected === 'number' || issue.expected === 'int') && typeof value === 'string' && NUMERIC.test(value)) return { value: Number(value) };
  }
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    if (typeof value === 'number' && issue.values.includes(String(value))) return { value: String(value) };
    if (typeof value === 'string' && NUMERIC.test(value) && issue.values.includes(Number(value))) return { value: Number(value) };
  }
  return undefined;
}

/** Converts in place under `holder.v`; true when anything changed. */
function convertAt(holder: { v: unknown }, issues: Issue[], prefix: PropertyKey[]): boolean {
  let changed = false;
  for (const issue of issues) {
    const path = ['v', ...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors) {
      for (const branch of issue.errors) if (convertAt(holder, branch, [...prefix, ...issue.path])) return true;
      continue;
    }
    let parent: any = holder;
    for (const key of path.slice(0, -1)) parent = parent?.[key as any];
    if (!parent || typeof parent !== 'object') continue;
    const key = path[path.length - 1] as any;
    const next = converted(parent[key], issue);
    if (next) {
      parent[key] = next.value;
      changed = true;
    }
  }
  return changed;
}

/** safeParse, then once more per round of conversions (nested mismatches show up one level at a time). */
export function lenientSafeParse<S extends { safeParse(v: unknown): any }>(schema: S, data: unknown): ReturnType<S['safeParse']> {
  let result = schema.safeParse(data);
  const holder = { v: data };
  for (let round = 0; !result.success && round < 4; round++) {
    if (!convertAt(holder, result.error.issues as Issue[], [])) break;
    result = schema.safeParse(holder.v);
  }
  return result;
}

/** Fastify's zod validator, with bodies read leniently as above. */
export const lenientValidatorCompiler: FastifySchemaCompiler<any> = (route) => {
  const strict = validatorCompiler(route as any) as (data: unknown) => any;
  if (route.httpPart !== 'body') return strict;
  const schema = route.schema as unknown as { safeParse(v: unknown): any };
  if (typeof schema?.safeParse !== 'function') return strict;
  return (data: unknown) => {
    const first = strict(data);
    if (!first.error) return first;
    const retried = lenientSafeParse(schema, data);
    return retried.success ? { value: retried.data } : first;
  };
};
