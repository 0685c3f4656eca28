// 班级学分 for a student: each of their classes' own total, the figure its teachers see, never who earned what.
import type { ClassCredits } from '@anxue/shared/credits';
import { TeamOutlined } from '@ant-design/icons';
import { t } from '../../../../lib/i18n';

export function ClassCreditTotals({ classes }: { classes: ClassCredits[] }) {
  if (!classes.length) return null;
  return (
    <ul className="credit-classes" aria-label={t('班级学分')}>
      {classes.map((c) => (
        <li key={c.classId} className="credit-class">
          <TeamOutlined className="credit-class-icon" aria-hidden />
          <span className="credit-class-name">{c.className}</span>
          <span className="credit-class-total">{t('全班共{n}学分', { n: c.total })}</span>
        </li>
      ))}
    </ul>
  );
}
