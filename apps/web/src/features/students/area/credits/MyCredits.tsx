// 我的学分 on the student home: the total, the latest few lines, and the way to the whole history.
import { useQuery } from '@tanstack/react-query';
import { StarOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { creditsApi } from './api';
import { ClassCreditTotals } from './ClassCreditTotals';
import { CreditLine } from './CreditLine';
import './credits.css';

export function MyCredits() {
  const q = useQuery({ queryKey: ['study', 'credits', 1], queryFn: () => creditsApi.mine(1, 3) });
  return (
    <section className="area-section" aria-labelledby="my-credits">
      <h2 id="my-credits" className="area-section-title">
        {t('我的学分')}
      </h2>
      <QueryState query={q}>
        {(c) => (
          <div className="credit-card">
            <div className="credit-total">
              <StarOutlined className="credit-total-icon" aria-hidden />
              <span className="credit-total-number" aria-label={t('学分共{n}分', { n: c.total })}>
                {c.total}
              </span>
              <span className="area-muted">{t('学分')}</span>
              <Link to="/students/credits" className="credit-more">
                {t('学分记录')}
              </Link>
            </div>
            <ClassCreditTotals classes={c.classes} />
            {c.history.records.length === 0 ? (
              <div className="area-muted">{t('按时完成老师布置的作业，就能得到学分。')}</div>
            ) : (
              <ul className="credit-list">
                {c.history.records.map((r) => (
                  <CreditLine key={r.id} entry={r} />
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
