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
  隐患排查: 'Hazard spotting',
};
