// 课程内容: the chapters and lessons of one course, each a small resource page of its own
// (/students/courseChapter and /students/lesson, filtered by the course).
import { Drawer, Form, Select, Typography, type FormInstance } from 'antd';
import { STUDENT_DICTS, type LessonKind } from '@anxue/shared';
import { useEffect, useId, useState } from 'react';
import { useCloseGuard } from '../../../../components/dialogs';
import { DictSelect } from '../../../../components/dict/DictSelect';
import { LazyRichTextEditor } from '../../../../components/editors';
import { ResourcePage, resourceApi, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { http } from '../../../../lib/http';
import { clock, studentsPermission } from '../common';
import { isMediaKind, LessonMediaPicker } from './LessonMediaPicker';

export interface CourseChapter {
  id: string;
  courseId: string;
  title: string;
  sortNo?: number;
}

export interface Lesson {
  id: string;
  courseId: string;
  chapterId?: string | null;
  title: string;
  kind: LessonKind;
  kind_dictText?: string;
  mediaId?: string | null;
  /** title of the chosen video / picture set / poster */
  mediaTitle?: string | null;
  content?: string | null;
  durationSeconds?: number;
  sortNo?: number;
}

const CHAPTER_API = resourceApi('/students/courseChapter', ['list', 'add', 'edit', 'delete']);
const LESSON_API = resourceApi('/students/lesson', ['list', 'add', 'edit', 'delete', 'queryById']);
const PERM = studentsPermission('course');
const BY_ORDER = { column: 'sortNo', order: 'asc' as const };
const HEADING = { fontSize: 16, margin: '0 0 4px' };

/** Kind select that clears the chosen media when the editor changes the kind. */
function KindSelect({ value, onChange, form }: { value?: string; onChange?: (v: string) => void; form: FormInstance }) {
  return (
    <DictSelect
      dictCode={STUDENT_DICTS.lessonKind}
      value={value}
      allowClear={false}
      onChange={(v: string) => {
        onChange?.(v);
        form.setFieldValue('mediaId', null);
      }}
    />
  );
}

function LessonBody({ form }: { form: FormInstance }) {
  const kind = Form.useWatch('kind', form) as LessonKind | undefined;
  if (isMediaKind(kind)) {
    return (
      <Form.Item label={t('内容')} name="mediaId" rules={[{ required: true, message: t('请选择课时内容!') }]}>
        <LessonMediaPicker kind={kind} form={form} />
      </Form.Item>
    );
  }
  if (kind === 'article') {
    return (
      <Form.Item label={t('正文')} name="content" rules={[{ required: true, message: t('请输入正文!') }]}>
        <LazyRichTextEditor height={240} />
      </Form.Item>
    );
  }
  return null;
}

export function CourseContentDrawer({ course, onClose }: { course: { id: string; title: string } | undefined; onClose: () => void }) {
  const [chapters, setChapters] = useState<CourseChapter[]>([]);
  const [version, setVersion] = useState(0);
  // holds the chapter and lesson forms: an Esc meant for one of them never closes the drawer under it
  const guard = useCloseGuard(onClose, { open: !!course, readOnly: true });
  useEffect(() => {
    if (!course) return;
    void http
      .get<{ records: CourseChapter[] }>(CHAPTER_API.list!, { courseId: course.id, pageNo: 1, pageSize: 500, column: 'sortNo', order: 'asc' }, { silent: true })
      .then((p) => setChapters(p?.records ?? []), () => setChapters([]));
  }, [course, version]);
  const chapterName = new Map(chapters.map((c) => [c.id, c.title]));
  const chaptersHeading = useId();
  const lessonsHeading = useId();

  const chapterColumns: ListColumn<CourseChapter>[] = [
    { title: t('章节', undefined, 'one'), dataIndex: 'title', align: 'left' },
    { title: '排序', dataIndex: 'sortNo', width: 80 },
  ];
  const lessonColumns: ListColumn<Lesson>[] = [
    { title: t('课时', undefined, 'one'), dataIndex: 'title', align: 'left' },
    { title: t('章节', undefined, 'one'), dataIndex: 'chapterId', width: 140, render: (v: unknown) => (v ? (chapterName.get(String(v)) ?? '') : t('（未分章）')) },
    { title: '类型', dataIndex: 'kind', dict: true, width: 80 },
    { title: '内容', dataIndex: 'mediaTitle', width: 140, ellipsis: true, render: (v: unknown, r: Lesson) => (r.kind === 'article' ? t('图文') : String(v ?? '')) },
    { title: '时长', dataIndex: 'durationSeconds', width: 80, render: clock },
    { title: '排序', dataIndex: 'sortNo', width: 70 },
  ];

  return (
    <Drawer title={course ? t('课程内容：{title}', { title: course.title }) : t('课程内容')} open={!!course} onClose={guard.requestClose} rootClassName={guard.className} width={1000} destroyOnHidden>
      {course && (
        <>
          <section aria-labelledby={chaptersHeading}>
            <Typography.Title level={3} id={chaptersHeading} style={HEADING}>
              {t('章节', undefined, 'one')}
            </Typography.Title>
            <ResourcePage<CourseChapter>
              key={`chapters-${course.id}`}
              title={t('章节', undefined, 'one')}
              permission={PERM}
              api={CHAPTER_API}
              columns={chapterColumns}
              defaultParams={{ courseId: course.id }}
              defaultSort={BY_ORDER}
              selectable={false}
              fixedBody={{ courseId: course.id }}
              formWidth={560}
              form={[
                { name: 'title', label: '章节名称', widget: 'input', rules: formRules.required('章节名称', { max: 100 }) },
                { name: 'sortNo', label: '排序', widget: 'number', min: 0, initialValue: chapters.length + 1 },
              ]}
              toolbar={(page) => <ChapterWatcher records={page.list.records} onChange={() => setVersion((v) => v + 1)} />}
            />
          </section>
          <section aria-labelledby={lessonsHeading}>
            <Typography.Title level={3} id={lessonsHeading} style={{ ...HEADING, marginTop: 24 }}>
              {t('课时', undefined, 'one')}
            </Typography.Title>
            <ResourcePage<Lesson>
              key={`lessons-${course.id}`}
              title={t('课时', undefined, 'one')}
              permission={PERM}
              api={LESSON_API}
              columns={lessonColumns}
              defaultParams={{ courseId: course.id }}
              defaultSort={BY_ORDER}
              selectable={false}
              fixedBody={{ courseId: course.id }}
              formWidth={860}
              form={[
                { name: 'title', label: '课时名称', widget: 'input', rules: formRules.required('课时名称', { max: 100 }) },
                {
                  name: 'chapterId',
                  label: t('章节', undefined, 'one'),
                  widget: 'custom',
                  render: () => <Select allowClear placeholder={t('不分章')} options={chapters.map((c) => ({ value: c.id, label: c.title }))} />,
                },
                { name: 'kind', label: '类型', widget: 'custom', initialValue: 'video', rules: formRules.requiredSelect('类型'), render: ({ form }) => <KindSelect form={form} /> },
                { key: 'body', section: ({ form }) => <LessonBody form={form} /> },
                { name: 'durationSeconds', label: '时长(秒)', widget: 'number', min: 0, initialValue: 0, extra: '视频课时看满这个时长才算学完' },
                { name: 'sortNo', label: '排序', widget: 'number', min: 0, initialValue: 0 },
              ]}
            />
          </section>
        </>
      )}
    </Drawer>
  );
}

/** Reloads the chapters the lesson form offers and the lesson table names whenever the chapter list reloads (added, renamed, removed). */
function ChapterWatcher({ records, onChange }: { records: unknown[]; onChange: () => void }) {
  useEffect(() => {
    onChange();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [records]);
  return null;
}
