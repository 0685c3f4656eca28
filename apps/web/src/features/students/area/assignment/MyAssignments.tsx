// 我的作业 on the student home: to do first (due time and what is left), then overdue, then done; each
// item links to where it is done. ?assignment=<id> (a reminder's notice opens it) brings that one into view.
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { AssignmentItemKind, AssignmentStatus, MyAssignment } from '@anxue/shared';
import { t } from '../../../../lib/i18n';
import { QueryState } from '../components/QueryState';
import { assignmentApi, itemLink } from './api';
import './assignment.css';

export const KIND_TEXT: Record<AssignmentItemKind, string> = { lesson: '课时', course: '课程', paper: '考试', hazard: '隐患排查', activity: '活动', clip: '危险预判' };
export const STATUS_TEXT: Record<AssignmentStatus, string> = { todo: '待完成', done: '已完成', late: '逾期完成', overdue: '已逾期' };

const GROUPS: Array<{ title: string; has: (a: MyAssignment) => boolean }> = [
  { title: '待完成', has: (a) => a.status === 'todo' },
  { title: '已逾期', has: (a) => a.status === 'overdue' },
  { title: '已完成', has: (a) => a.status === 'done' || a.status === 'late' },
];

export function MyAssignments() {
  const q = useQuery({ queryKey: ['study', 'assignments'], queryFn: assignmentApi.mine });
  const target = useSearchParams()[0].get('assignment');
  return (
    <section className="area-section" aria-labelledby="my-assignments">
      <h2 id="my-assignments" className="area-section-title">
        {t('我的作业')}
      </h2>
      <QueryState query={q}>
        {(list) =>
          list.length === 0 ? (
            <div className="area-muted">{t('暂时没有作业')}</div>
          ) : (
            GROUPS.map((g) => {
              const rows = list.filter(g.has);
              if (!rows.length) return null;
              return (
                <div key={g.title} className="asg-group">
                  <h3 className="asg-group-title">
                    {t(g.title)} <span className="area-muted">{rows.length}</span>
                  </h3>
                  {rows.map((a) => (
                    <AssignmentCard key={a.id} a={a} target={a.id === target} />
                  ))}
                </div>
              );
            })
          )
        }
      </QueryState>
    </section>
  );
}

function AssignmentCard({ a, target }: { a: MyAssignment; target: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!target) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [target]);
  return (
    <article
      ref={ref}
      className={`asg-card asg-${a.status}${target ? ' asg-target' : ''}`}
      aria-label={a.title}
      aria-current={target ? 'true' : undefined}
      tabIndex={target ? -1 : undefined}
    >
      <div className="asg-head">
        <span className="asg-title">{a.title}</span>
        <span className={`asg-status ${a.status}`}>{t(STATUS_TEXT[a.status])}</span>
      </div>
      <div className="area-muted asg-meta">
        <ClockCircleOutlined /> {t('截止')} {a.dueTime.slice(0, 16)}
        {a.extended && ` · ${t('已延期')}`}
        {a.left > 0 && ` · ${t('还剩{n}项', { n: a.left })}`}
      </div>
      <ul className="asg-items">
        {a.items.map((i) => (
          <li key={`${i.kind}-${i.id}`}>
            <Link to={itemLink(i.kind, i.id)} className={`asg-item${i.done ? ' done' : ''}`}>
              {i.done ? <CheckCircleFilled className="asg-tick" /> : <span className="asg-dot" aria-hidden />}
              <span className="asg-kind">{t(KIND_TEXT[i.kind])}</span>
              <span className="asg-item-title">{i.title}</span>
              {i.score !== null && <span className="asg-score">{t('{n}分', { n: i.score })}</span>}
              <span className="asg-state">{i.done ? t('已完成') : t('去完成')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
