// A figure with its title above and unit beside (replaces antd's Statistic).
import type { ReactNode } from 'react';
import './ui.css';

export function Statistic({ title, value, suffix }: { title: ReactNode; value: ReactNode; suffix?: ReactNode }) {
  return (
    <div className="ui-statistic">
      <div className="ui-statistic-title">{title}</div>
      <div className="ui-statistic-value">
        {value}
        {suffix && <span className="ui-statistic-suffix">{suffix}</span>}
      </div>
    </div>
  );
}
