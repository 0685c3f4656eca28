// Imported first by the browser app: zod compiles object schemas with `new Function` when it may, and
// merely testing whether it may trips the page's Content-Security-Policy (script-src without
// 'unsafe-eval'). Schemas still validate the same way, only without the compiled fast path.
import { config } from 'zod';

config({ jitless: true });
