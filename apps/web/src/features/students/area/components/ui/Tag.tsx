// A small coloured label (a category, a score, a state).
import type { ReactNode } from 'react';
import './ui.css';

export type TagColor = 'default' | 'blue' | 'success' | 'warning' | 'error';

export function Tag({ color = 'default', children }: { color?: TagColor; children: ReactNode }) {
  return <span className={`ui-tag ui-tag-${color}`}>{children}</span>;
}
