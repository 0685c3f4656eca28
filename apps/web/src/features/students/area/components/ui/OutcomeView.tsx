// How something ended (a test's score, a failed load): an icon, a title, a subtitle and actions, centred.
// Stands in for antd's Result without its status illustrations.
import type { ReactNode } from 'react';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import './OutcomeView.css';

export type OutcomeStatus = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<OutcomeStatus, ReactNode> = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

export interface OutcomeViewProps {
  status: OutcomeStatus;
  title: ReactNode;
  subtitle?: ReactNode;
  /** buttons or a tag under the words */
  actions?: ReactNode;
  /** another icon than the status's own */
  icon?: ReactNode;
  className?: string;
}

export function OutcomeView({ status, title, subtitle, actions, icon, className }: OutcomeViewProps) {
  return (
    <div className={`ui-outcome ui-outcome-${status}${className ? ` ${className}` : ''}`}>
      <div className="ui-outcome-icon" aria-hidden="true">
        {icon ?? ICONS[status]}
      </div>
      <div className="ui-outcome-title">{title}</div>
      {subtitle && <div className="ui-outcome-subtitle">{subtitle}</div>}
      {actions && <div className="ui-outcome-actions">{actions}</div>}
    </div>
  );
}
