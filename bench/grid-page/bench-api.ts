// What the bench page leaves on window for bench/grid.bench.ts.
export interface BenchState {
  ready: boolean;
  /** From root.render to the paint showing the first rows. */
  renderToPaint?: number;
  navigationToPaint?: number;
  validate?: () => Promise<{ ms: number; errorCount: number }>;
  /** Scrolls the rows to a fraction of their height (0 top, 1 bottom). */
  scrollTo?: (fraction: number) => void;
}

declare global {
  interface Window {
    __bench: BenchState;
  }
}
