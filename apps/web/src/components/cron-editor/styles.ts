import type { CSSProperties } from 'react';

export const radioRow: CSSProperties = { display: 'flex', alignItems: 'center', flexWrap: 'wrap', lineHeight: '32px' };
export const checkboxGrid: CSSProperties = { marginLeft: 24, display: 'flex', flexWrap: 'wrap', gap: '2px 0' };
export const checkboxCell: CSSProperties = { width: 56, marginInlineStart: 0 };
