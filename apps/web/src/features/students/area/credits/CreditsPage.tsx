// 学分记录: every credit the student earned, newest first, a page at a time.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { t } from '../../../../lib/i18n';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { creditsApi } from './api';
import { ClassCreditTotals } from './ClassCreditTotals';
import { CreditLine } from './CreditLine';
import './credits.css';

const PAGE = 20;

export default function CreditsPage() {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ queryKey: ['study', 'credits', 'history', pageNo], queryFn: () => creditsApi.mine(pageNo, PAGE), placeholderData: keepPreviousData });
  return (
    <div className="credit-page">
      <PageTitle title={t('学分记录')} back={{ to: '/students', label: t('学习园地') }} />
      <QueryState query={q}>
        {(c) => (
          <>
            <p className="credit-page-total">{t('共{n}学分', { n: c.total })}</p>
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
            {c.history.pages > 1 && (
              <nav className="credit-pager" aria-label={t('翻页')}>
                <Button disabled={pageNo <= 1} onClick={() => setPageNo((p) => p - 1)}>
                  {t('上一页')}
                </Button>
                <span className="area-muted">
                  {pageNo} / {c.history.pages}
                </span>
                <Button disabled={pageNo >= c.history.pages} onClick={() => setPageNo((p) => p + 1)}>
                  {t('下一页')}
                </Button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
