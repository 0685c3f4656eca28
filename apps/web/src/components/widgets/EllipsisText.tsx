// Ellipsis text (spec/02 §9): text longer than `length` characters (default 25) is cut and ends with
// …; hovering shows the whole text in a tooltip. Counts characters, not UTF-16 units, so Chinese and
// emoji are cut cleanly.
import type { CSSProperties } from 'react';
import { Tooltip } from 'antd';

export const ELLIPSIS_DEFAULT_LENGTH = 25;

export function ellipsis(text: string, length = ELLIPSIS_DEFAULT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : text;
}

export interface EllipsisTextProps {
  /** The text; children are used when absent. */
  value?: string | number | null;
  children?: string | number | null;
  length?: number;
  /** Show the tooltip with the full text when cut (default true). */
  tooltip?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function EllipsisText({ value, children, length = ELLIPSIS_DEFAULT_LENGTH, tooltip = true, className, style }: EllipsisTextProps) {
  const raw = value ?? children;
  const text = raw === null || raw === undefined ? '' : String(raw);
  const shown = ellipsis(text, length);
  const cut = shown !== text;
  const span = (
    <span className={className} style={style} data-full-text={cut ? text : undefined}>
      {shown}
    </span>
  );
  return cut && tooltip ? <Tooltip title={text}>{span}</Tooltip> : span;
}
