import type { CreditEntry } from '@anxue/shared/credits';
import { CREDIT_KIND_TEXT } from '@anxue/shared/credits-base';
import { t } from '../../../../lib/i18n';

/** One line of the history: what earned it, in which assignment, when, and how much. */
export function CreditLine({ entry }: { entry: CreditEntry }) {
  const bonus = entry.kind === 'assignment';
  return (
    <li className="credit-line">
      <span className="credit-line-text">
        <span className="credit-line-title">{bonus ? t('完成整份作业') : `${t(CREDIT_KIND_TEXT[entry.kind])}：${entry.reason}`}</span>
        <span className="area-muted">
          {entry.assignmentTitle} · {entry.createTime.slice(0, 16)}
          {entry.late ? ` · ${t('逾期完成')}` : ''}
        </span>
      </span>
      <span className="credit-line-amount">+{entry.amount}</span>
    </li>
  );
}
