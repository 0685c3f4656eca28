/** 125 → "2:05"; 3725 → "1:02:05". */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Share of a lesson watched, 0–100. */
export function lessonPercent(p: { maxPosition: number; durationSeconds: number; finished: boolean }): number {
  if (p.finished) return 100;
  if (!p.durationSeconds) return 0;
  return Math.min(99, Math.floor((p.maxPosition / p.durationSeconds) * 100));
}
