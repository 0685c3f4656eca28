// `npm start`: builds what changed since the last build (scripts/build.mjs), then runs the compiled server
// in this same process — one Node start fewer than a build check and a server run one after the other.
import { buildChanged } from './build.mjs';

await buildChanged();
await import('../apps/server/dist/main.js');
