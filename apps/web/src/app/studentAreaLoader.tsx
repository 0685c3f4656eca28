// The student area's frame, and on its home page the home's own chunks at the same time: otherwise the home
// is asked for only once the frame has loaded and rendered, a further round trip on a phone's network.
import { HOME_PATH } from '@anxue/shared/constants';
import { loadStudentsHome } from '../features/students/area/routes';
import { lazyScreen } from '../lib/lazyScreen';

export const StudentsLayout = lazyScreen(() => {
  // on its home, or on the way there from / or the back-office home (after signing in)
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === '/students' || path === '' || path === HOME_PATH) void loadStudentsHome().catch(() => undefined);
  return import('./static-pages/StudentsLayout');
});

export const loadStudentArea = StudentsLayout.load;
