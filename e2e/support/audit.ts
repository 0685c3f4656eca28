// Accessibility checks and the theme switch the browser tests share. Colours are read once the page is
// still: mid-animation (a dialog fading out after 保存, a message sliding in, a button easing into the dark
// theme) they are neither the start's nor the end's, and axe would report a contrast of 1:1.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until no finite animation or transition runs (spinners loop forever and are not waited for). */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // one that ends may start another (a dialog's mask after its body): look again, a few times at most
    for (let round = 0; round < 5; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    }
  });
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { message?: string }[] }[] }[];
}

/**
 * Serious and critical axe violations of the page, or of the part under `selector`, once animations are
 * done: one line per rule with its first four elements (and, for contrast, the colours axe read).
 */
export async function audit(page: Page, selector?: string): Promise<string[]> {
  await animationsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: Document | Element, opts: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(sel ? document.querySelector(sel)! : document, { resultTypes: ['violations'] });
    const where = (n: AxeResult['violations'][number]['nodes'][number], id: string) => {
      const target = n.target.map(String).join(' ');
      const colours = id === 'color-contrast' ? /\(foreground color: [^)]*\)/.exec(n.any[0]?.message ?? '')?.[0] : undefined;
      return colours ? `${target} ${colours}` : target;
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => where(n, v.id)).slice(0, 4).join(', ')}`);
  }, selector);
}

/** Light or dark, as the app stores the display settings (lib/storage: value and expiry), then a reload. */
export async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => {
    const stored = JSON.parse(localStorage.getItem('DISPLAY_SETTINGS') ?? 'null') as { value?: object } | null;
    localStorage.setItem('DISPLAY_SETTINGS', JSON.stringify({ value: { ...(stored?.value ?? {}), darkMode: d }, expire: null }));
  }, dark);
  await page.reload();
}
