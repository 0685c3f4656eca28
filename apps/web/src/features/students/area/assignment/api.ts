// 安全作业 calls: a student's own list, and a teacher's assignments, completion, reminders and extensions.
import type { PageResult } from '@anxue/shared/wire';
import type { AssignmentItemKind, AssignmentProgress, MyAssignment } from '@anxue/shared';
import { http } from '../../../../lib/http';
import { saveBlob } from '../../../../lib/files/saveBlob';

const quiet = { silent: true };

export interface AssignmentRow {
  id: string;
  title: string;
  openTime: string;
  dueTime: string;
  receipt: number | boolean;
  classNames?: string;
  itemCount?: number;
}
export interface AssignmentInput {
  title: string;
  classIds: string[];
  items: Array<{ kind: AssignmentItemKind; id: string }>;
  openTime: string;
  dueTime: string;
  receipt: boolean;
}

export const assignmentApi = {
  mine: () => http.get<MyAssignment[]>('/students/study/assignments', undefined, quiet),
  list: () => http.get<PageResult<AssignmentRow>>('/students/assignment/list', { pageNo: 1, pageSize: 100 }, quiet),
  add: (body: AssignmentInput) => http.post<unknown>('/students/assignment/add', body),
  progress: (id: string) => http.get<AssignmentProgress>('/students/assignment/progress', { id }, quiet),
  remind: (id: string) => http.post<{ reminded: number }>('/students/assignment/remind', { id }),
  extend: (id: string, userId: string, dueTime: string) => http.post<{ dueTime: string }>('/students/assignment/extend', { id, userId, dueTime }),
  exportXls: async (id: string, title: string) => saveBlob(await http.blob('/students/assignment/exportXls', { id }), `${title}.xlsx`),
};

/** Where a student does an item. */
export function itemLink(kind: AssignmentItemKind, id: string): string {
  switch (kind) {
    case 'lesson':
      return `/students/lesson/${id}`;
    case 'course':
      return `/students/course/${id}`;
    case 'paper':
      return `/students/theoryQuestionList?tab=exam&paper=${id}`;
    case 'hazard':
      return `/students/dangerQuestionList?scene=${id}`;
    case 'clip':
      return `/students/hazardClip/${id}`;
    default:
      return '/students/theoryQuestionList?tab=exam';
  }
}
