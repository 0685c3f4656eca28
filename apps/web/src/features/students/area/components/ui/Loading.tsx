// A page loading: grey lines where the content will be, and "加载中" for a screen reader.
import { t } from '../../../../../lib/i18n';
import './ui.css';

export function Loading({ rows = 4 }: { rows?: number }) {
  return (
    <div className="ui-loading" role="status" aria-busy="true">
      <span className="ui-visually-hidden">{t('加载中')}</span>
      <div className="ui-loading-line ui-loading-title" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="ui-loading-line" />
      ))}
    </div>
  );
}
