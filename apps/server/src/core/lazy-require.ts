import { createRequire } from 'node:module';

/**
 * A CommonJS package loaded on its first use rather than at start: drivers an install is not configured
 * for (MySQL, PostgreSQL, Redis, S3) and the spreadsheet writer cost a third of the server's start.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(import.meta.url)(name) as T);
}
