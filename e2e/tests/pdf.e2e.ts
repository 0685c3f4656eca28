import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { useOwnServer } from '../support/own-server';

// Issue 17's PDF view: the 组件示例 › PDF预览 page draws the shipped sample with the bundled pdf.js (page
// navigation, zoom) under the page's CSP, and a PDF the user uploads opens in the viewer page of
// /sys/common/pdf/pdfPreviewIframe inside an iframe; the viewer reads nothing for a visitor signed out.
const ADMIN = 'Admin#pdf-e2e-2026';
const own = useOwnServer(ADMIN);
const SAMPLE = readFileSync(join(import.meta.dirname, '../../apps/web/src/features/demo/pdf/sample.pdf'));

/** The CSP violations a page reports, collected from the moment it opens. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

/** Whether the page's canvas holds a drawing (some pixel that is not white). */
const canvasDrawn = (where: Page | Frame) =>
  where.locator('.pdf-viewer-page canvas').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 250 || data[i + 1]! < 250 || data[i + 2]! < 250) return true;
    return false;
  });

const canvasWidth = (page: Page) => page.locator('.pdf-viewer-page canvas').evaluate((c: HTMLCanvasElement) => c.getBoundingClientRect().width);

describe('PDF预览', () => {
  it('shows the sample page by page, zooms, and opens an uploaded PDF through the viewer page', async () => {
    const page = await own.signedIn();
    const violations = await watchCsp(page);
    onTestFailed(async () => {
      await page.screenshot({ path: `${import.meta.dirname}/../artifacts/pdf-${Date.now()}.png`, fullPage: true }).catch(() => {});
    });
    // reached through the seeded menu
    await page.getByRole('menuitem', { name: '组件示例' }).click();
    await page.getByRole('menuitem', { name: 'PDF预览' }).click();
    await page.waitForURL((u) => u.pathname === '/demo/pdf');

    await page.getByText('第 1 页，共 3 页').waitFor();
    await expect.poll(() => page.locator('.pdf-text-layer').textContent()).toContain('Campus Safety Handbook');
    await expect.poll(() => canvasDrawn(page)).toBe(true);

    await page.getByRole('button', { name: '下一页' }).click();
    await page.getByText('第 2 页，共 3 页').waitFor();
    await expect.poll(() => page.locator('.pdf-text-layer').textContent()).toContain('Water Safety');
    await page.getByLabel('页码').fill('3');
    await page.getByLabel('页码').press('Enter');
    await page.getByText('第 3 页，共 3 页').waitFor();
    await expect.poll(() => page.locator('.pdf-text-layer').textContent()).toContain('Traffic Safety');
    expect(await page.getByRole('button', { name: '下一页' }).isDisabled()).toBe(true);

    // 适合宽度 first; 100 % then 放大 makes the page wider
    await page.locator('.pdf-viewer-toolbar .ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: /^100%$/ }).click();
    await expect.poll(() => page.locator('.pdf-viewer-area').getAttribute('data-zoom')).toBe('100');
    await expect.poll(() => canvasWidth(page)).toBeCloseTo(595, -1);
    await page.getByRole('button', { name: '放大' }).click();
    await expect.poll(() => page.locator('.pdf-viewer-area').getAttribute('data-zoom')).toBe('125');
    await expect.poll(() => canvasWidth(page)).toBeCloseTo(744, -1);

    // an uploaded PDF, shown by the viewer page in an iframe
    await page.locator('input[type=file]').setInputFiles({ name: '安全手册.pdf', mimeType: 'application/pdf', buffer: SAMPLE });
    const iframe = page.locator('iframe.pdf-preview-frame');
    await iframe.waitFor();
    expect(await iframe.getAttribute('src')).toMatch(/^\/api\/sys\/common\/pdf\/pdfPreviewIframe\?file=pdf%2F/);
    const frame = (await iframe.elementHandle())!.contentFrame();
    const viewer = (await frame)!;
    await viewer.getByText('第 1 页，共 3 页').waitFor();
    await viewer.getByRole('heading', { name: '安全手册.pdf' }).waitFor();
    await expect.poll(() => viewer.locator('.pdf-text-layer').textContent()).toContain('Campus Safety Handbook');
    await expect.poll(() => canvasDrawn(viewer)).toBe(true);

    expect(violations).toEqual([]);
  });

  it('refuses an address outside our storage, and shows a signed-out visitor no file', async () => {
    const context = await own.browser.newContext({ baseURL: own.server.url, locale: 'zh-CN' });
    const page = await context.newPage();
    const refused = await page.request.get('/api/sys/common/pdf/pdfPreviewIframe?file=' + encodeURIComponent('http://127.0.0.1:1/secret.pdf'));
    expect(refused.status()).toBe(400);
    await page.goto('/api/sys/common/pdf/pdfPreviewIframe?file=' + encodeURIComponent('pdf/a_17000000000001234567890abcdef.pdf'));
    await page.getByText('请先登录后再预览文件').waitFor();
    await context.close();
  });
});
