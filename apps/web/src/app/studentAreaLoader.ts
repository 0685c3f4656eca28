// The student area's frame, and on its home page the home's own chunks at the same time: otherwise the home
// is asked for only once the frame has loaded and rendered, a further round trip on a phone's network.
import { loadStudentsHome } from '../features/students/area/routes';

let frame: Promise<typeof import('./static-pages/StudentsLayout')> | undefined;

export function loadStudentArea() {
  frame ??= import('./static-pages/StudentsLayout');
  const path = window.location.pathname.replace(/\/+$/, '');
  if (path === '/students' || path === '') void loadStudentsHome().catch(() => undefined);
  return frame;
}
