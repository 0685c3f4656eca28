import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, when the figure is compared to one. */
  baseline?: number;
  aim?: string;
}

/** Prints a table of figures with their ratio to the baseline, and keeps them under bench/results. */
export function report(title: string, figures: Figure[]) {
  console.log(`\n## ${title}`);
  for (const f of figures) {
    const ratio = f.baseline ? ` (baseline ${fmt(f.baseline)} ${f.unit}, ratio ${(f.value / f.baseline).toFixed(2)})` : '';
    const aim = f.aim ? ` [aim: ${f.aim}]` : '';
    console.log(`- ${f.name}: ${fmt(f.value)} ${f.unit}${ratio}${aim}`);
  }
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${title.replace(/[^\w-]+/g, '_')}.json`), JSON.stringify({ title, at: new Date().toISOString(), figures }, null, 2));
}

function fmt(n: number) {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}
