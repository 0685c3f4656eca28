// Pages of a list: previous, "第 n / m 页", next; nothing when everything fits on one page.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { t } from '../../../../../lib/i18n';
import './ui.css';

export interface PagerProps {
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}

export function Pager({ current, total, pageSize, onChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="ui-pager" aria-label={t('分页')}>
      <Button icon={<LeftOutlined />} disabled={current <= 1} onClick={() => onChange(current - 1)}>
        {t('上一页')}
      </Button>
      <span className="ui-pager-text" aria-live="polite">
        {t('第 {n} / {total} 页', { n: current, total: pages })}
      </span>
      <Button icon={<RightOutlined />} iconPosition="end" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        {t('下一页')}
      </Button>
    </nav>
  );
}
