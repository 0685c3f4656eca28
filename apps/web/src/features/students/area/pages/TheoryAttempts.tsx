// A paper's attempts (理论题库 · 考试 · 记录), in their sheet: loaded when a student opens it.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { studyApi } from '../api';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { Tag } from '../components/ui';

export default function AttemptHistory({ paperId }: { paperId: string }) {
  const query = useQuery({ queryKey: ['study', 'attempts', paperId], queryFn: () => studyApi.attempts(paperId) });
  return (
    <QueryState query={query} empty={(d) => d.length === 0} emptyText={t('还没有考试记录')}>
      {(rows) => (
        <ul className="ui-rows">
          {rows.map((r) => (
            <li key={r.id} className="ui-row">
              <div className="ui-row-main">
                <div className="area-attempt-score">{r.status === 'done' ? t('{score} / {total} 分', { score: r.score, total: r.totalScore }) : t('进行中')}</div>
                <div className="area-muted">
                  {`${r.startedAt.slice(0, 16)}${r.status === 'done' ? ` · ${t('答对 {right}/{total}', { right: r.correctCount, total: r.questionCount })}` : ''}${r.timedOut ? ` · ${t('超时交卷')}` : ''}`}
                </div>
              </div>
              {r.status === 'done' && <Tag color={r.passed ? 'success' : 'default'}>{r.passed ? t('及格') : t('未及格')}</Tag>}
              <Link className="ui-row-extra area-row-link" to={`/students/exam/${r.id}`}>
                {r.status === 'done' ? t('查看') : t('继续')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
