import { STUDENT_DICTS } from '@anxue/shared';
import type { DictSeed } from './dicts';

// Dictionaries of the safety-education area (issue 12). `published` columns use the common `yn` (1 是, 0 否).
export const STUDENT_DICT_SEEDS: DictSeed[] = [
  {
    code: STUDENT_DICTS.category,
    name: '安全教育分类',
    items: [['traffic', '交通安全'], ['fire', '消防安全'], ['drowning', '防溺水'], ['food', '食品安全'], ['campus', '校园安全'], ['disaster', '自然灾害'], ['cyber', '网络安全'], ['home', '居家安全']],
  },
  { code: STUDENT_DICTS.gradeBand, name: '学段', items: [['1', '小学低年级'], ['2', '小学高年级'], ['3', '初中'], ['4', '高中']] },
  // a class's grade: 1–6 primary, 7–9 junior, 10–12 senior; the last of a stage graduates
  {
    code: STUDENT_DICTS.grade,
    name: '年级',
    items: [['1', '一年级'], ['2', '二年级'], ['3', '三年级'], ['4', '四年级'], ['5', '五年级'], ['6', '六年级'], ['7', '初一'], ['8', '初二'], ['9', '初三'], ['10', '高一'], ['11', '高二'], ['12', '高三']],
  },
  { code: STUDENT_DICTS.questionType, name: '题型', items: [['single', '单选题'], ['multi', '多选题'], ['judge', '判断题']] },
  { code: STUDENT_DICTS.difficulty, name: '难度', items: [['1', '容易', 'green'], ['2', '中等', 'orange'], ['3', '困难', 'red']] },
  { code: STUDENT_DICTS.lessonKind, name: '课时类型', items: [['video', '视频'], ['picture', '图片'], ['poster', '海报'], ['article', '图文']] },
  { code: STUDENT_DICTS.reviewStatus, name: '作品审核状态', items: [['0', '待审核', 'orange'], ['1', '已通过', 'green'], ['2', '未通过', 'red']] },
  { code: STUDENT_DICTS.award, name: '作品奖项', items: [['1', '一等奖'], ['2', '二等奖'], ['3', '三等奖'], ['4', '优秀奖']] },
];
