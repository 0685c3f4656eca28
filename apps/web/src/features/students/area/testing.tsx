// Test support for the area's pages: a signed-in student or teacher with the 学习园地 menu the test
// chooses, and the area's routes rendered in a router (antd in Chinese, as the app wraps them).
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { STUDY_PERMISSION, TEACH_PERMISSION } from '@anxue/shared/students';
import { setPermissions, setToken, setUserInfo } from '../../../lib/session/store';
import type { MenuItem } from '../../../lib/types';
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

export function signIn(opts: { realname?: string; keys?: string[]; teacher?: boolean; extraMenu?: MenuItem[] } = {}) {
  const { realname = '张小明', keys = STUDENT_PAGES, teacher = false, extraMenu = [] } = opts;
  setToken('tk-student');
  setUserInfo({ id: 'u-1', username: 'xiaoming', realname });
  setPermissions({
    menu: areaMenu(keys, extraMenu),
    auth: [STUDY_PERMISSION, ...(teacher ? [TEACH_PERMISSION] : [])].map((action) => ({ action, type: '1' })),
    allAuth: [],
  });
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
