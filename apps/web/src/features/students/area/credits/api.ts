// 学分: the student's own credits, history and classes' totals, and a class's total for its teachers.
import type { ClassCredits, MyCredits } from '@anxue/shared/credits';
import { http } from '../../../../lib/http';

const quiet = { silent: true };

export const creditsApi = {
  mine: (pageNo = 1, pageSize = 20) => http.get<MyCredits>('/students/study/credits', { pageNo, pageSize }, quiet),
  ofClass: (classId: string) => http.get<ClassCredits>('/students/assignment/classCredits', { classId }, quiet),
};
