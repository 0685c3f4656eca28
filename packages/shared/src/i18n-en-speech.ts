import type { Catalogue } from './i18n';

// English of reading aloud in the student area: the header's switch and the 🔊 buttons.
export const EN_SPEECH: Catalogue = {
  自动朗读: 'Read aloud',
  '自动朗读已打开：新题目出现时会读出来': 'Read aloud is on: each new question is read out',
  自动朗读已关闭: 'Read aloud is off',
  朗读: 'Read aloud',
  朗读题目: 'Read the question aloud',
  朗读选项: 'Read the options aloud',
  朗读任务: 'Read the task aloud',
  朗读隐患说明: 'Read the hazard’s explanation aloud',
  朗读解析: 'Read the explanation aloud',
  '朗读 {title}': 'Read {title} aloud',
  朗读课文: 'Read the lesson aloud',
};
