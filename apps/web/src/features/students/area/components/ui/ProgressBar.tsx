// A progress bar with its figure beside it; done (100 %) shows in green.
import type { ReactNode } from 'react';
import './ui.css';

export interface ProgressBarProps {
  /** 0–100 */
  percent: number;
  /** what is progressing, for a screen reader, e.g. "安全用电 学习进度" */
  label: string;
  /** the text beside the bar; the percent by default */
  text?: ReactNode;
  /** a bigger bar for a page's own figure */
  large?: boolean;
}

export function ProgressBar({ percent, label, text, large }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent || 0)));
  const done = value >= 100;
  return (
    <div className={`ui-progress${done ? ' ui-progress-done' : ''}${large ? ' ui-progress-large' : ''}`}>
      <div className="ui-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
        <div className="ui-progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="ui-progress-text">{text ?? `${value}%`}</span>
    </div>
  );
}
