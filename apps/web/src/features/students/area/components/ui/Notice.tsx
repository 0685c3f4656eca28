// A message box in a page (replaces antd's Alert): an error is announced at once (role=alert), the rest politely.
import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import './ui.css';

export type NoticeType = 'info' | 'success' | 'warning' | 'error';

const ICON = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

export interface NoticeProps {
  type?: NoticeType;
  /** the main line */
  message: ReactNode;
  /** more text under it */
  description?: ReactNode;
  /** e.g. a retry button, at the right (below on a narrow screen) */
  action?: ReactNode;
  className?: string;
}

export function Notice({ type = 'info', message, description, action, className }: NoticeProps) {
  const Icon = ICON[type];
  return (
    <div className={`ui-notice ui-notice-${type}${className ? ` ${className}` : ''}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon className="ui-notice-icon" aria-hidden />
      <div className="ui-notice-content">
        <div className="ui-notice-message">{message}</div>
        {description && <div className="ui-notice-description">{description}</div>}
      </div>
      {action && <div className="ui-notice-action">{action}</div>}
    </div>
  );
}
