// Detail list layout (spec/02 §2): label/value pairs in 1 to 4 columns (more is clamped to 4), with an
// optional title. Columns shrink on narrow screens: one on phones, at most two on small tablets.
import { Children, isValidElement, type CSSProperties, type ReactNode } from 'react';
import { Col, Row } from 'antd';

export const DETAIL_LIST_MAX_COLUMNS = 4;

export type DetailColumns = 1 | 2 | 3 | 4;

/** 1..4; anything larger is 4, anything smaller (or not a number) is 1. */
export function clampColumns(col: number | undefined): DetailColumns {
  const n = Math.floor(Number(col));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(DETAIL_LIST_MAX_COLUMNS, n) as DetailColumns;
}

export interface DetailListItemProps {
  /** The label (term). */
  term?: ReactNode;
  children?: ReactNode;
  /** Takes this many columns of the row. */
  span?: number;
}

export interface DetailListProps {
  title?: ReactNode;
  /** Columns per row, 1 to 4 (default 3). */
  col?: number;
  /** horizontal: label beside value; vertical: label above value. */
  layout?: 'horizontal' | 'vertical';
  /** Width of the label in horizontal layout. */
  termWidth?: number | string;
  gutter?: number;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

// Collected by DetailList, which places it; rendering it alone shows just the pair.
function DetailListItem({ term, children }: DetailListItemProps) {
  return (
    <>
      {term}
      {children}
    </>
  );
}

function spanFor(col: DetailColumns, span = 1) {
  const cols = Math.min(col, Math.max(1, span));
  return {
    xs: 24,
    sm: col === 1 ? 24 : Math.min(24, 12 * cols),
    md: (24 / col) * cols,
  };
}

export function DetailList({ title, col = 3, layout = 'horizontal', termWidth, gutter = 32, children, className, style }: DetailListProps) {
  const columns = clampColumns(col);
  const items = Children.toArray(children).filter(isValidElement<DetailListItemProps>);
  const vertical = layout === 'vertical';
  return (
    <div className={['detail-list', className].filter(Boolean).join(' ')} data-columns={columns} style={{ marginBottom: 24, ...style }}>
      {title && <div className="detail-list-title" style={{ fontSize: 16, fontWeight: 500, marginBottom: 16, color: 'rgba(0,0,0,.85)' }}>{title}</div>}
      <Row gutter={gutter}>
        {items.map((item, i) => {
          const { term, children: value, span } = item.props;
          return (
            <Col key={item.key ?? i} {...spanFor(columns, span)} className="detail-list-item">
              <div style={{ display: vertical ? 'block' : 'flex', paddingBottom: 16, lineHeight: '22px' }}>
                {term !== undefined && term !== null && term !== '' && (
                  <div
                    className="detail-list-term"
                    style={{ color: 'rgba(0,0,0,.85)', whiteSpace: vertical ? undefined : 'nowrap', width: vertical ? undefined : termWidth, flexShrink: 0, marginBottom: vertical ? 4 : 0 }}
                  >
                    {term}
                    {!vertical && '：'}
                  </div>
                )}
                <div className="detail-list-value" style={{ color: 'rgba(0,0,0,.65)', flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
                  {value ?? '-'}
                </div>
              </div>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}

DetailList.Item = DetailListItem;
