// The sample rows of the standard, card and search list examples (the original's lists show made-up
// rows too): safety-education projects, the same ones in every list; their texts are in the current
// language when built with sampleProjects() while rendering.
import { translator, type Vars } from '@anxue/shared/i18n';
import { t } from '../../../../lib/i18n';

export type ProjectStatus = 'active' | 'waiting' | 'done';

export interface SampleProject {
  id: string;
  title: string;
  description: string;
  owner: string;
  category: string;
  status: ProjectStatus;
  start: string;
  progress: number;
  stars: number;
  likes: number;
  comments: number;
}

export const STATUS: Record<ProjectStatus, { text: string; color: string }> = {
  active: { text: '进行中', color: 'processing' },
  waiting: { text: '等待中', color: 'warning' },
  done: { text: '已完成', color: 'success' },
};

export const CATEGORIES = ['消防安全', '交通安全', '防溺水', '食品安全', '网络安全', '心理健康'];
const OWNERS = ['付晓晓', '周毛毛', '林东东', '曲丽丽', '王昭君'];
const TOPICS = ['主题班会', '应急演练', '知识竞赛', '家长课堂', '专题讲座'];
const GRADES = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级'];
const STATUSES: ProjectStatus[] = ['active', 'waiting', 'done'];

type Translate = (zh: string, vars?: Vars, context?: string) => string;

/** The projects with their texts through `tr`: as written (Chinese), or in the current language. */
function buildProjects(tr: Translate): SampleProject[] {
  return Array.from({ length: 23 }, (_, i) => {
    const category = tr(CATEGORIES[i % CATEGORIES.length]);
    const status = STATUSES[i % STATUSES.length];
    const day = String((i % 28) + 1).padStart(2, '0');
    return {
      id: `p${i + 1}`,
      title: tr('{category}{topic}（第{n}期）', { category, topic: tr(TOPICS[i % TOPICS.length], undefined, 'inline'), n: i + 1 }),
      description: tr('面向{grade}学生的{category}教育活动，包含课前学习、现场活动与课后测验。', { grade: tr(GRADES[i % 6], undefined, 'inline'), category: tr(CATEGORIES[i % CATEGORIES.length], undefined, 'inline') }),
      owner: tr(OWNERS[i % OWNERS.length]),
      category,
      status,
      start: `2026-${String((i % 12) + 1).padStart(2, '0')}-${day} 09:00`,
      progress: status === 'done' ? 100 : status === 'waiting' ? 0 : 15 + ((i * 17) % 80),
      stars: 10 + ((i * 37) % 90),
      likes: 20 + ((i * 53) % 180),
      comments: (i * 7) % 30,
    };
  });
}

/** The projects as written in Chinese (the same rows as sampleProjects() shows in Chinese). */
export const SAMPLE_PROJECTS: SampleProject[] = buildProjects(translator({}));

/** The projects in the current language; call while rendering. */
export function sampleProjects(): SampleProject[] {
  return buildProjects(t);
}

/** The categories in the current language, as sampleProjects() names them; call while rendering. */
export function sampleCategories(): string[] {
  return CATEGORIES.map((c) => t(c));
}

/** A status's text in the current language; call while rendering. */
export function statusText(status: ProjectStatus): string {
  return t(STATUS[status].text);
}
