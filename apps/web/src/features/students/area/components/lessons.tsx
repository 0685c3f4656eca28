// Lesson kinds as icons and words, and a course's lessons in reading order.
import type { ReactNode } from 'react';
import { FileImageOutlined, FileTextOutlined, PictureOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { CourseDetail, LessonKind } from '@anxue/shared/students';

export const KIND_ICON: Record<LessonKind, ReactNode> = {
  video: <PlayCircleOutlined />,
  picture: <PictureOutlined />,
  poster: <FileImageOutlined />,
  article: <FileTextOutlined />,
};
/** Chinese, shown through t() where rendered. */
export const KIND_TEXT: Record<LessonKind, string> = { video: '视频', picture: '图集', poster: '海报', article: '文章' };

/** Lessons of a course in order, across its chapters. */
export function lessonsInOrder(course: CourseDetail) {
  return course.chapters.flatMap((c) => c.lessons);
}

