// The area's routes (static routes of the web app, spec/01 §2: /students → /students/theoryQuestionList).
// Called as a function by the app's route table, so the pages stay in this feature.
// Everything here is lazy: the app's route table sits in the entry chunk, which carries no antd.
import { lazy, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route } from 'react-router';
import { lazyScreen } from '../../../lib/lazyScreen';

const MenuPage = lazy(() => import('./MenuPage'));
/** The area's home page (where a student lands): fetched beside the frame (loadStudentArea), drawn with it. */
const StudentsHome = lazyScreen(() => import('./pages/StudentsHome'));
export const loadStudentsHome = StudentsHome.load;

const CourseList = lazy(() => import('./pages/CourseList'));
const CourseDetail = lazy(() => import('./pages/CourseDetail'));
const LessonPage = lazy(() => import('./pages/LessonPage'));
const MediaPages = {
  PictureList: lazy(() => import('./pages/media').then((m) => ({ default: m.PictureList }))),
  PictureDetail: lazy(() => import('./pages/media').then((m) => ({ default: m.PictureDetail }))),
  VideoList: lazy(() => import('./pages/media').then((m) => ({ default: m.VideoList }))),
  VideoDetail: lazy(() => import('./pages/media').then((m) => ({ default: m.VideoDetail }))),
  PosterList: lazy(() => import('./pages/media').then((m) => ({ default: m.PosterList }))),
  PosterDetail: lazy(() => import('./pages/media').then((m) => ({ default: m.PosterDetail }))),
  SkillList: lazy(() => import('./pages/media').then((m) => ({ default: m.SkillList }))),
  SkillDetail: lazy(() => import('./pages/media').then((m) => ({ default: m.SkillDetail }))),
};
const TheoryQuestionList = lazy(() => import('./pages/TheoryQuestionList'));
const ExamPage = lazy(() => import('./pages/ExamPage'));
const DangerQuestionList = lazy(() => import('./pages/DangerQuestionList'));
const HazardPlayPage = lazy(() => import('./pages/HazardPlayPage'));
const HazardClipList = lazy(() => import('./hazardClip/HazardClipList'));
const HazardClipPlay = lazy(() => import('./hazardClip/HazardClipPlay'));
const CompetitionTeamPerson = lazy(() => import('./pages/CompetitionTeamPerson'));
const ClassStats = lazy(() => import('./pages/ClassStats'));
const TeacherAssignments = lazy(() => import('./assignment/TeacherAssignments'));
const JoinClassPage = lazy(() => import('./classCode/JoinClassPage'));
const CertificatePrint = lazy(() => import('./recognition/CertificatePrint'));
const CreditsPage = lazy(() => import('./credits/CreditsPage'));
const FamilyPage = lazy(() => import('./family/FamilyHome'));
const ChildPage = lazy(() => import('./family/ChildPage'));
const LiveJoinPage = lazy(() => import('./live/LiveJoinPage'));
const LivePhonePage = lazy(() => import('./live/LivePhonePage'));
const LiveScreenPage = lazy(() => import('./live/LiveScreenPage'));

const page = (path: string, menuKey: string, Page: ComponentType) => <Route key={path} path={path} element={<MenuPage menuKey={menuKey} page={Page} />} />;

export function studentAreaRoutes(layout: ReactElement) {
  return (
    <Route path="students" element={layout}>
      <Route index element={<StudentsHome />} />
      {page('courseList', 'courseList', CourseList)}
      {page('course/:id', 'courseList', CourseDetail)}
      {page('lesson/:id', 'courseList', LessonPage)}
      {page('pictureList', 'pictureList', MediaPages.PictureList)}
      {page('picture/:id', 'pictureList', MediaPages.PictureDetail)}
      {page('videoList', 'videoList', MediaPages.VideoList)}
      {page('video/:id', 'videoList', MediaPages.VideoDetail)}
      {page('posterList', 'posterList', MediaPages.PosterList)}
      {page('poster/:id', 'posterList', MediaPages.PosterDetail)}
      {page('skillList', 'skillList', MediaPages.SkillList)}
      {page('skill/:id', 'skillList', MediaPages.SkillDetail)}
      {page('theoryQuestionList', 'theoryQuestionList', TheoryQuestionList)}
      {page('exam/:attemptId', 'theoryQuestionList', ExamPage)}
      {page('dangerQuestionList', 'dangerQuestionList', DangerQuestionList)}
      {page('danger/:playId', 'dangerQuestionList', HazardPlayPage)}
      {page('hazardClipList', 'hazardClipList', HazardClipList)}
      {page('hazardClip/:clipId', 'hazardClipList', HazardClipPlay)}
      {page('competitionTeamPerson', 'competitionTeamPerson', CompetitionTeamPerson)}
      {page('classStats', 'classStats', ClassStats)}
      {page('assignments', 'classStats', TeacherAssignments)}
      {page('joinClass', 'theoryQuestionList', JoinClassPage)}
      {/* one's own certificate: anyone signed in (the server answers only the caller's own) */}
      <Route path="certificate/:id" element={<CertificatePrint />} />
      {/* one's own credits: anyone signed in (the server answers only the caller's own) */}
      <Route path="credits" element={<CreditsPage />} />
      {page('family', 'family', FamilyPage)}
      {page('family/:childId', 'family', ChildPage)}
      {/* 课堂答题: the join page asks a visitor to sign in first (opened from the screen's QR code); the
          server answers a session only to its class's teachers and the students who joined */}
      <Route path="live/join" element={<LiveJoinPage />} />
      <Route path="live/:id" element={<LivePhonePage />} />
      {page('live/screen/:id', 'classStats', LiveScreenPage)}
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Route>
  );
}
