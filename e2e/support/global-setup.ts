import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from './chromium';
import { REPO_ROOT, startServer } from './server';

export const ADMIN_PASSWORD = 'Admin#e2e-2026';

export default async function setup(project: TestProject) {
  // WEB_DIST, when set, is the build the servers serve (a build of one's own beside the shared one)
  const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run \`npm run build\` first (npm run test:e2e does)`);
  }
  const chromium = ensureChromium();
  const server = await startServer({ ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off' });
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromium);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    adminPassword: string;
  }
}
