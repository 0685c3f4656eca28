import { FAMILY_PERMISSION } from '@anxue/shared/family';
import { resourcePage, type MenuSeed } from './menu-kit';

// Menus of the safety-education area (issue 12): the back-office 安全教育 (content editors) and the
// student area 学习园地 (students and teachers; its pages are static routes of the web app's own layout).

const EDUCATION_PAGES: Array<[entity: string, name: string, extra?: Array<[action: string, name: string]>, actions?: string[]]> = [
  ['course', '课程管理'],
  ['picture', '图片管理'],
  ['video', '视频管理'],
  ['poster', '海报管理'],
  ['skill', '安全技能'],
  ['theoryQuestion', '理论题库'],
  ['paper', '试卷管理'],
  ['dangerQuestion', '隐患排查题'],
  ['activity', '专题活动'],
  ['class', '班级管理'],
  ['competitionTeam', '竞赛队伍', [['score', '加分']]],
  ['competitionTeamPerson', '队员成绩', undefined, ['list', 'exportXls']],
  ['works', '学生作品', [['review', '审核']]],
  ['creditRule', '学分规则', undefined, ['list', 'edit']],
  ['hazardClip', '危险预判'],
  ['certificate', '证书管理', [['revoke', '撤销证书']], ['list', 'exportXls']],
];

export const EDUCATION_MENU = 'education';

const ASSIGNMENT_BUTTONS: Array<[action: string, name: string]> = [
  ['list', '查看作业'],
  ['add', '布置作业'],
  ['edit', '编辑作业'],
  ['delete', '删除作业'],
];
/** 安全作业 in the back-office (its page comes later): the actions, and every class's work for editors. */
export const EDUCATION_ASSIGNMENT_MENUS: MenuSeed[] = [
  ...ASSIGNMENT_BUTTONS,
  ['allClasses', '全部班级的作业'] as [string, string],
].map(([action, name], i): MenuSeed => ({ key: `${EDUCATION_MENU}.assignment.${action}`, parent: EDUCATION_MENU, name, menuType: 2, perms: `students:assignment:${action}`, permsType: '1', sortNo: 90 + i }));

/** A teacher's 安全作业 buttons in the student area (not the students'). */
export const TEACHER_ASSIGNMENT_KEYS = ASSIGNMENT_BUTTONS.map(([action]) => `students.assignment.${action}`);

export const STUDENTS_MENU = 'students';

export const EDUCATION_MENUS: MenuSeed[] = [
  { key: EDUCATION_MENU, name: '安全教育', url: '/education', component: 'layouts/RouteView', redirect: '/education/course', menuType: 0, sortNo: 11, icon: 'ant-design:safety-outlined' },
  ...EDUCATION_PAGES.flatMap(([entity, name, extra, actions], i) =>
    resourcePage(`${EDUCATION_MENU}.${entity}`, {
      parent: EDUCATION_MENU,
      name,
      url: `/education/${entity}`,
      component: `education/${entity}/index`,
      sortNo: i + 1,
      prefix: `students:${entity}`,
      extra,
      actions,
    }),
  ),
  ...EDUCATION_ASSIGNMENT_MENUS,
];

/** The student area's pages; 班级统计 is for teachers only (see students-roles.ts). */
export const STUDENT_AREA_PAGES: Array<[key: string, name: string, component: string]> = [
  ['courseList', '课程学习', 'students/CourseList'],
  ['pictureList', '安全图片', 'students/PictureList'],
  ['videoList', '安全视频', 'students/VideoList'],
  ['posterList', '安全海报', 'students/PosterList'],
  ['skillList', '安全技能', 'students/SkillList'],
  ['theoryQuestionList', '理论题库', 'students/TheoryQuestionList'],
  ['dangerQuestionList', '隐患排查', 'students/DangerQuestionList'],
  ['competitionTeamPerson', '竞赛队伍', 'students/CompetitionTeamPerson'],
  ['classStats', '班级统计', 'students/ClassStats'],
  ['hazardClipList', '危险预判', 'students/HazardClipList'],
];

export const STUDENT_MENUS: MenuSeed[] = [
  { key: STUDENTS_MENU, name: '学习园地', url: '/students', component: 'layouts/RouteView', redirect: '/students/theoryQuestionList', menuType: 0, sortNo: 10, icon: 'ant-design:read-outlined' },
  ...STUDENT_AREA_PAGES.map(([key, name, component], i): MenuSeed => ({
    key: `${STUDENTS_MENU}.${key}`,
    parent: STUDENTS_MENU,
    name,
    url: `/students/${key}`,
    component,
    menuType: 1,
    sortNo: i + 1,
  })),
  // every study call needs students:study; the teachers' calls students:teach
  { key: `${STUDENTS_MENU}.study`, parent: STUDENTS_MENU, name: '学习', menuType: 2, perms: 'students:study', permsType: '1', sortNo: 90 },
  { key: `${STUDENTS_MENU}.teach`, parent: STUDENTS_MENU, name: '教学', menuType: 2, perms: 'students:teach', permsType: '1', sortNo: 91 },
  // a teacher's 安全作业: the same codes as the back-office's, limited to the classes they teach
  ...ASSIGNMENT_BUTTONS.map(([action, name], i): MenuSeed => ({ key: `${STUDENTS_MENU}.assignment.${action}`, parent: STUDENTS_MENU, name, menuType: 2, perms: `students:assignment:${action}`, permsType: '1', sortNo: 92 + i })),
];


/** A parent's 学习园地: 我的孩子 and the family calls, none of the study pages a parent cannot use. */
export const PARENT_MENUS: MenuSeed[] = [
  { key: `${STUDENTS_MENU}.family`, parent: STUDENTS_MENU, name: '我的孩子', url: '/students/family', component: 'students/Family', menuType: 1, sortNo: 20 },
  { key: `${STUDENTS_MENU}.familyAccess`, parent: STUDENTS_MENU, name: '家长', menuType: 2, perms: FAMILY_PERMISSION, permsType: '1', sortNo: 97 },
];
