import type { Catalogue } from './i18n';

// English of the interactive classroom: a hazard picture on the big screen, the class tapping it on
// phones with a heat map, and live quizzes that count for an assignment.
export const EN_CLASSROOM: Catalogue = {
  // server
  '请选择试卷、题目或隐患图（三选一）': 'Choose a paper, questions or a hazard picture (one of the three)',
  这个课堂不是隐患排查: 'This live session is not a hazard picture',
  隐患排查课堂没有选择题: 'A hazard picture session has no questions to answer',
  老师还没有开始排查或排查已结束: 'The teacher has not opened the picture yet, or tapping has closed',
  点击次数已用完: 'You have used all your taps',
  这张隐患图还没有标注隐患: 'This picture has no hazards marked yet',
  作业不存在或没有布置给本班: 'The assignment does not exist or was not given to this class',
  这份作业里没有本次课堂使用的试卷或隐患图: 'The assignment holds neither the paper nor the picture this session uses',
  '从题库选题的课堂不能计入作业，请选择作业里的试卷': 'A session of questions from the bank cannot count for an assignment; choose the assignment’s paper',
  '课堂答题只能使用单选、多选和判断题': 'A live quiz takes single-choice, multiple-choice and true/false questions only',
  可在课堂展示的隐患图: 'Hazard pictures to show in class',
  '隐患图及全部隐患（课堂大屏）': 'A hazard picture with every hazard (classroom screen)',
  可用于课堂答题的题目: 'Questions for a live quiz',
  本班可关联的作业: 'The class’s assignments a session can count for',
  '停止作答（显示热力图）': 'Close answers (show the heat map)',
  在隐患图上点出隐患: 'Tap a hazard on the picture',
};
