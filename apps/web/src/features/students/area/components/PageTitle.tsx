// A page's heading with an optional back link and actions on the right.
import type { ReactNode } from 'react';
import { LeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

export function PageTitle({ title, back, extra }: { title: ReactNode; back?: { to: string; label: string }; extra?: ReactNode }) {
  return (
    <div className="area-title">
      <div style={{ minWidth: 0 }}>
        {back && (
          <Link to={back.to} className="area-muted" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            <LeftOutlined /> {back.label}
          </Link>
        )}
        <h2>{title}</h2>
      </div>
      {extra && <div style={{ flex: 'none' }}>{extra}</div>}
    </div>
  );
}
