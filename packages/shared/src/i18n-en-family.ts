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
  // the parent's pages and the teacher's code
  '还没有关联孩子。学校登记了你的手机号时，用这个手机号登录就会自动关联；也可以输入老师给的关联码。':
    'No child linked yet. If the school has your phone number, signing in with it links your children; or enter the code a teacher gave you.',
  '{name}的作业': "{name}'s assignments",
  孩子的作业: "Child's assignments",
  还没有加入班级: 'Not in a class yet',
  '待完成 {n}': 'To do {n}',
  '已逾期 {n}': 'Overdue {n}',
  '待签回执 {n}': 'Receipts to sign {n}',
  关联孩子: 'Link a child',
  '输入老师给的8位关联码（7天内有效，只能用一次）。': "Enter the 8-letter code from the teacher (good for 7 days, once).",
  关联码: 'Link code',
  关联: 'Link',
  '完成于 {time}': 'Finished {time}',
  家校回执已签收: 'Home-school receipt signed',
  老师请家长签收这份作业的回执: 'The teacher asks a parent to sign the receipt of this assignment',
  签收回执: 'Sign the receipt',
  '为{name}生成家长关联码': 'Make a parent link code for {name}',
  家长关联码: 'Parent link code',
  '{name}的家长关联码': "{name}'s parent link code",
  知道了: 'Got it',
  '请把关联码交给家长：家长登录学习园地，在“我的孩子”里输入。{time}前有效，只能使用一次；每个孩子最多关联两位家长。':
    'Give the code to the parent, who signs in to Learning and enters it under My children. Good until {time}, once; a child has two parents at most.',
  回执已签: 'Receipt signed',
  回执未签: 'Receipt not signed',
};
