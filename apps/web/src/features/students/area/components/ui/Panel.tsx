// A card-like section of the area: an optional title row (with something on its right) over its content.
import type { CSSProperties, ReactNode } from 'react';
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
  children?: ReactNode;
}

export function Panel({ title, extra, cover, label, className, style, children }: PanelProps) {
  return (
    <section className={className ? `ui-panel ${className}` : 'ui-panel'} style={style} aria-label={label}>
      {cover && <div className="ui-panel-cover">{cover}</div>}
      {(title || extra) && (
        <div className="ui-panel-head">
          {title && <h3 className="ui-panel-title">{title}</h3>}
          {extra && <div className="ui-panel-extra">{extra}</div>}
        </div>
      )}
      {children !== undefined && children !== null && children !== false && <div className="ui-panel-body">{children}</div>}
    </section>
  );
}
