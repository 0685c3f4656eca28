// Nothing to show (or all done): an icon, a line and an optional explanation or action, centred.
import type { ReactNode } from 'react';
import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import './ui.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** 'success' shows a green check: an empty wrong-answer book is good news */
  status?: 'empty' | 'success';
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, status = 'empty', icon, action }: EmptyStateProps) {
  return (
    <div className={`ui-empty ui-empty-${status}`}>
      <div className="ui-empty-icon" aria-hidden>
        {icon ?? (status === 'success' ? <CheckCircleFilled /> : <InboxOutlined />)}
      </div>
      <p className="ui-empty-title">{title}</p>
      {description && <p className="ui-empty-description">{description}</p>}
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  );
}
