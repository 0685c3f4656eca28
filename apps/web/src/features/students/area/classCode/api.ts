// Calls of joining a class by its code (students) and of a class's code and requests (its teachers).
import { http } from '../../../../lib/http';

export interface JoinRequest {
  id: string;
  userId: string;
  realname: string | null;
  username: string;
  workNo: string | null;
  createTime: string | null;
}
export interface MyClasses {
  classes: Array<{ classId: string; className: string; grade: string | null }>;
  requests: Array<{ classId: string; className: string; status: 'pending' | 'refused' }>;
}

export const classCodeApi = {
  join: (code: string) => http.post<{ classId: string; className: string; status: string }>('/students/study/joinClass', { code }),
  mine: () => http.get<MyClasses>('/students/study/myClasses', undefined, { silent: true }),
  teacherView: (classId: string) => http.get<{ code: string | null; requests: JoinRequest[] }>('/students/teach/classCode', { classId }, { silent: true }),
  renew: (classId: string) => http.post<{ code: string }>('/students/teach/renewCode', { classId }),
  decide: (classId: string, requestId: string, accept: boolean) => http.post<null>('/students/teach/decideJoin', { classId, requestId, accept }),
};
