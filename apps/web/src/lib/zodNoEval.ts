// zod as the browser app imports it (vite.config.ts maps 'zod' here): set up before any module that
// imports it builds a schema. zod compiles object schemas with `new Function` when it may, and merely
// testing whether it may trips the page's Content-Security-Policy (script-src without 'unsafe-eval');
// schemas still validate the same way, only without the compiled fast path. Done here rather than first
// thing in main.tsx, a page that builds no schema (a student's phone) loads no zod at all.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
