// A parent's calls (their children, a child's work, the receipt, linking by a code) and the teacher's
// calls for a student's family: its parents, taking one off, a one-time link code.
import type { ChildAssignment, ChildParent, FamilyChild, LinkedChild, ParentLinkCode } from '@anxue/shared/family';
import { http } from '../../../../lib/http';

const quiet = { silent: true };

export const familyApi = {
  children: () => http.get<FamilyChild[]>('/students/family/children', undefined, quiet),
  assignments: (childId: string) => http.get<ChildAssignment[]>('/students/family/assignments', { childId }, quiet),
  sign: (assignmentId: string, childId: string) => http.post<{ signTime: string }>('/students/family/receipt', { assignmentId, childId }),
  // the page shows the refusal in place
  link: (code: string) => http.post<LinkedChild>('/students/family/link', { code }, quiet),
  linkCode: (studentId: string) => http.post<ParentLinkCode>('/students/family/linkCode', { studentId }, quiet),
  parents: (studentId: string) => http.get<ChildParent[]>('/students/family/parents', { studentId }, quiet),
  unlink: (studentId: string, parentId: string) => http.post<null>('/students/family/unlink', { studentId, parentId }, quiet),
};
