// /students: a signed-in user sees 我的作业 first, then the area's pages; a visitor gets a welcome and a way in.
// A parent's home, the welcome and the note for a user without the area load on their own: a student's
// phone fetches none of their components (a form, Typography, Result).
import { lazy } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../../lib/session/store';
import { t } from '../../../../lib/i18n';
import { AREA_ROOT, areaEntries, backOfficeTarget } from '../areaMenu';
import { useSignedIn } from '../StudentLayout';
import { MyAssignments } from '../assignment/MyAssignments';
import { MyCertificates } from '../recognition/MyCertificates';
import { MyCredits } from '../credits/MyCredits';
import { LiveEntry } from '../live/LiveEntry';

const FamilyHome = lazy(() => import('../family/FamilyHome'));
const Welcome = lazy(() => import('./StudentsWelcome'));
const NoArea = lazy(() => import('./StudentsWelcome').then((m) => ({ default: m.NoArea })));

export default function StudentsHome() {
  const signedIn = useSignedIn();
  const menu = useSession((s) => s.permissionList);
  if (!signedIn) return <Welcome />;
  const entries = areaEntries(menu);
  // a parent's home is 我的孩子: they hold none of the study pages
  if (entries.length && entries.every((e) => e.key === 'family')) return <FamilyHome />;
  if (!entries.length) return <NoArea backOffice={backOfficeTarget(menu)} />;
  const teaches = entries.some((e) => e.key === 'classStats');
  return (
    <div className="area-home">
      {!teaches && entries.some((e) => e.key === 'theoryQuestionList') && <LiveEntry />}
      <MyAssignments />
      {!teaches && <MyCredits />}
      <MyCertificates />
      {teaches && (
        <Link to={`${AREA_ROOT}/assignments`} className="asg-teacher-link">
          {t('布置和查看作业')}
        </Link>
      )}
      <nav className="area-home-entries" aria-label={t('学习园地')}>
        {entries.map((e) => (
          <Link key={e.key} to={e.path} className="area-home-entry">
            {e.title}
          </Link>
        ))}
      </nav>
    </div>
  );
}
