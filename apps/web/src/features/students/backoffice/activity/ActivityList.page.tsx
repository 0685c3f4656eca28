// 专题活动: a dated bundle of lessons plus a short quiz (a paper), assigned to classes.
import { EntityPicker } from '../../../../components/pickers';
import { ResourcePage, type ListColumn } from '../../../../components/list-page';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';
import { studentsApi, studentsPermission, TITLE_QUERY } from '../common';
import { idsToText, textToIds } from '../ids';

export interface Activity {
  id: string;
  title: string;
  description?: string | null;
  cover?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  paperId?: string | null;
  paperTitle?: string | null;
  published?: number;
  lessonCount?: number;
  classCount?: number;
  lessonIds?: string[];
  classIds?: string[];
  sceneIds?: string[];
  competition?: number;
}

const ENTITY = 'activity';

const COLUMNS: ListColumn<Activity>[] = [
  { title: '活动', dataIndex: 'title', align: 'left' },
  { title: '开始时间', dataIndex: 'startTime', width: 170, sorter: true },
  { title: '结束时间', dataIndex: 'endTime', width: 170, sorter: true },
  { title: '课时', dataIndex: 'lessonCount', width: 70 },
  { title: '班级', dataIndex: 'classCount', width: 70 },
  { title: '测验', dataIndex: 'paperTitle', width: 140, ellipsis: true },
  { title: '已发布', dataIndex: 'published', width: 80, render: (v: unknown) => (Number(v) === 1 ? t('是') : t('否')) },
];

export default function ActivityListPage() {
  return (
    <ResourcePage<Activity>
      title={t('专题活动', undefined, 'one')}
      permission={studentsPermission(ENTITY)}
      api={studentsApi(ENTITY)}
      columns={COLUMNS}
      exportName={t('专题活动')}
      query={[TITLE_QUERY]}
      formWidth={900}
      form={[
        { name: 'title', label: '活动名称', widget: 'input', rules: formRules.required('活动名称', { max: 200 }) },
        { name: 'cover', label: '封面', widget: 'image', maxCount: 1, biz: 'students' },
        { name: 'startTime', label: '开始时间', widget: 'datetime', rules: formRules.requiredSelect('开始时间') },
        { name: 'endTime', label: '结束时间', widget: 'datetime', rules: formRules.requiredSelect('结束时间') },
        {
          name: 'lessonIds',
          label: '课时',
          widget: 'custom',
          extra: '按选择的顺序学习',
          render: () => (
            <EntityPicker
              listUrl="/students/lesson/list"
              displayKey="title"
              queryParamCode="title"
              queryParamText={t('课时名称')}
              name={t('课时', undefined, 'one')}
              columns={[
                { dataIndex: 'title', title: t('课时', undefined, 'one') },
                { dataIndex: 'kind_dictText', title: t('类型'), width: 80 },
              ]}
            />
          ),
        },
        {
          name: 'paperId',
          label: '测验试卷',
          widget: 'custom',
          extra: '活动的小测验，题量宜少',
          render: () => (
            <EntityPicker
              multiple={false}
              listUrl="/students/paper/list"
              displayKey="title"
              queryParamCode="title"
              queryParamText={t('试卷名称')}
              name={t('试卷')}
              columns={[
                { dataIndex: 'title', title: t('试卷') },
                { dataIndex: 'questionCount', title: t('题数'), width: 70 },
              ]}
            />
          ),
        },
        {
          name: 'classIds',
          label: '参与班级',
          widget: 'custom',
          render: () => (
            <EntityPicker
              listUrl="/students/class/list"
              params={{ archived: 0 }}
              displayKey="name"
              queryParamCode="name"
              queryParamText={t('班级')}
              name={t('班级')}
              columns={[
                { dataIndex: 'name', title: t('班级') },
                { dataIndex: 'grade', title: t('年级'), width: 90 },
              ]}
            />
          ),
        },
        {
          name: 'sceneIds',
          label: '隐患排查题目',
          widget: 'custom',
          extra: '竞赛计分：活动的测验和这些隐患排查题',
          render: () => (
            <EntityPicker
              listUrl="/students/dangerQuestion/list"
              displayKey="title"
              queryParamCode="title"
              queryParamText={t('题目')}
              name={t('隐患排查题目')}
              columns={[{ dataIndex: 'title', title: t('题目') }]}
            />
          ),
        },
        { name: 'competition', label: '是否竞赛', widget: 'switch', initialValue: 0, extra: '竞赛活动除队伍外还给参赛学生个人排名' },
        { name: 'description', label: '说明', widget: 'richText' },
        { name: 'published', label: '发布', widget: 'switch', initialValue: 0 },
      ]}
      toForm={(r) => ({ ...r, lessonIds: idsToText(r.lessonIds), classIds: idsToText(r.classIds), sceneIds: idsToText(r.sceneIds) })}
      toBody={(v) => ({ ...v, paperId: v.paperId || null, lessonIds: textToIds(v.lessonIds), classIds: textToIds(v.classIds), sceneIds: textToIds(v.sceneIds) })}
    />
  );
}
