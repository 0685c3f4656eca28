// Test support for the area's pages: signed in to the real server (useRealApi) with the 学习园地 menu the
// test chooses, and the area's routes rendered in a router (antd in Chinese, as the app wraps them).
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared/students';
import { setPermissions, setUserInfo } from '../../../lib/session/store';
import type { MenuItem } from '../../../lib/types';
import type { RealApi } from '../backoffice/testing/realApi';
import { studentAreaRoutes } from './routes';
import StudentLayout from './StudentLayout';

export const AREA_PAGES: Array<[key: string, title: string]> = [
  ['courseList', '课程学习'],
  ['pictureList', '安全图片'],
  ['videoList', '安全视频'],
  ['posterList', '安全海报'],
  ['skillList', '安全技能'],
  ['theoryQuestionList', '理论题库'],
  ['dangerQuestionList', '隐患排查'],
  ['competitionTeamPerson', '竞赛队伍'],
  ['classStats', '班级统计'],
];

/** The menu as getUserPermissionByToken answers it: the home entry, 学习园地 with `keys`, maybe more. */
export function areaMenu(keys: string[], extra: MenuItem[] = []): MenuItem[] {
  return [
    { path: '/dashboard/analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } },
    {
      path: '/students',
      component: 'layouts/RouteView',
      route: '1',
      meta: { title: '学习园地' },
      children: AREA_PAGES.filter(([k]) => keys.includes(k)).map(([k, title]) => ({ path: `/students/${k}`, component: `students/${k}`, route: '1', meta: { title } })),
    },
    ...extra,
  ];
}

export const STUDENT_PAGES = AREA_PAGES.map(([k]) => k).filter((k) => k !== 'classStats');

/**
 * Signs the page in with the real admin's token (see useRealApi) as the area's user: the admin's identity,
 * the 学习园地 menu with `keys` (as getUserPermissionByToken would answer it for a student or teacher), and the
 * study code, plus the teach code for a teacher. The server checks the codes on every call.
 */
export function signIn(api: RealApi, opts: { keys?: string[]; teacher?: boolean; extraMenu?: MenuItem[] } = {}) {
  const { keys = STUDENT_PAGES, teacher = false, extraMenu = [] } = opts;
  const codes = [STUDY_PERMISSION, ...(teacher ? [TEACH_PERMISSION] : [])];
  api.signIn(codes);
  setUserInfo({ id: api.adminId, username: 'admin', realname: '管理员' });
  setPermissions({ menu: areaMenu(keys, extraMenu), auth: codes.map((action) => ({ action, type: '1' })), allAuth: [] });
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The area at `path`, inside its layout; other paths render their own path so redirects show. */
export function renderArea(path: string) {
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {studentAreaRoutes(<StudentLayout />)}
          <Route path="*" element={<div>其他页面</div>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </ConfigProvider>,
  );
}
