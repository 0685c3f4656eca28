import type { Catalogue } from './i18n';

// English of 学分 (credits): the rules page, the student's credits, the class total and the server's messages.
export const EN_CREDITS: Catalogue = {
  学分: 'Credits',
  学分规则: 'Credit rules',
  我的学分: 'My credits',
  '班级学分（仅本班教师）': "Class credits (the class's teachers only)",
  只有本班教师可以查看班级学分: "Only the class's teachers can see the class's credits",
  学分必须是0到100的整数: 'Credits are a whole number from 0 to 100',
  按时完成学分: 'Credits in time',
  逾期完成学分: 'Credits when late',
  完成整份作业: 'Finishing the whole assignment',
  学分记录: 'Credit history',
  '学分共{n}分': '{n} credits in all',
  '共{n}学分': '{n} credits in all',
  '按时完成老师布置的作业，就能得到学分。': 'Finish the work your teacher gives by its due time to earn credits.',
  翻页: 'Pages',
  班级学分: 'Class credits',
  '全班共{n}学分': '{n} credits for the whole class',
  '全班完成作业{n}人次，只统计全班总数': 'Assignments finished in the class: {n} (the class total only)',
  '学生完成一份作业时，按每项内容的类型和“完成整份作业”计学分；截止后完成按逾期学分计。改动只影响以后的计分。':
    'When a student finishes an assignment, each item earns its kind’s credits and the whole earns the “finishing” credits; work finished after its due time earns the late credits. A change applies to later awards only.',
};
