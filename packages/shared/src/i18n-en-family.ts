import type { Catalogue } from './i18n';

// English of families in the student area: parents, link codes and home-school receipts.
export const EN_FAMILY: Catalogue = {
  家长: 'Parent',
  我的孩子: 'My children',
  未签收: 'Not signed',
  // the server's messages and call summaries
  '该学生已关联两位家长，不能再关联': 'This student already has two linked parents; no more can be linked',
  只能查看自己孩子的信息: 'You can see only your own children',
  关联码无效或已过期: 'The link code is not valid or has expired',
  '关联码错误次数过多，请一小时后再试': 'Too many wrong link codes; try again in an hour',
  只有家长账号可以关联孩子: 'Only a parent account can link a child',
  '当前租户没有家长角色（parent），请联系管理员': 'This tenant has no parent role (parent); ask an administrator',
  '{name}家长': "{name}'s parent",
  该作业不需要家长签收: 'This assignment asks for no parent receipt',
  孩子的作业和成绩: "A child's assignments and results",
  签署家校回执: 'Sign the home-school receipt',
  回执已签收: 'Receipt signed',
  用老师给的关联码关联孩子: "Link a child with the teacher's code",
  '已关联孩子{name}': 'Linked to {name}',
  生成家长关联码: 'Make a parent link code',
  '关联码{n}天内有效，只能使用一次': 'The link code is good for {n} days, once',
};
