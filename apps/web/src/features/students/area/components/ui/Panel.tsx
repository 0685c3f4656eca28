// A card-like section of the area: an optional title row (with something on its right) over its content.
// A titled panel is a region named by its title, so a screen reader can jump between them.
import { useId, type CSSProperties, type ReactNode } from 'react';
import './ui.css';

export interface PanelProps {
  title?: ReactNode;
  /** shown at the right of the title row, e.g. a date or a link */
  extra?: ReactNode;
  /** the element above the title row, e.g. a cover picture, edge to edge */
  cover?: ReactNode;
  /** a label for the section when it has no visible title */
  label?: string;
  className?: string;
  style?: CSSProperties;
  /** marks the entry an assignment linked to (components/linked.ts) */
  'aria-current'?: 'true';
  children?: ReactNode;
}

export function Panel({ title, extra, cover, label, className, style, children, 'aria-current': current }: PanelProps) {
  const titleId = useId();
  return (
    <section
      className={className ? `ui-panel ${className}` : 'ui-panel'}
      style={style}
      aria-label={label}
      aria-labelledby={!label && title ? titleId : undefined}
      aria-current={current}
    >
      {cover && <div className="ui-panel-cover">{cover}</div>}
      {(title || extra) && (
        <div className="ui-panel-head">
          {title && (
            <h3 className="ui-panel-title" id={titleId}>
              {title}
            </h3>
          )}
          {extra && <div className="ui-panel-extra">{extra}</div>}
        </div>
      )}
      {children !== undefined && children !== null && children !== false && <div className="ui-panel-body">{children}</div>}
    </section>
  );
}
