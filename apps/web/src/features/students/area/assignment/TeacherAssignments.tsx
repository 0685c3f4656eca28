// 作业 for teachers (students:teach): the assignments of the classes they teach, a new one (classes they
// teach, items from published content, open and due time, receipt), and one's completion: who finished,
// late or overdue, scores, 提醒未完成, 导出 and one student's extension.
import { useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Select, Switch, Grid, type SelectProps } from 'antd';
import { ArrowLeftOutlined, BellOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { AssignmentItemKind, AssignmentStudentProgress } from '@anxue/shared';
import { message } from '../../../../lib/antd/static';
import { t } from '../../../../lib/i18n';
import { studyApi, teachApi } from '../api';
import { QueryState } from '../components/QueryState';
import { PageTitle } from '../components/PageTitle';
import { assignmentApi, type AssignmentInput } from './api';
import { clipApi, clipKeys } from '../hazardClip/api';
import { KIND_TEXT, STATUS_TEXT } from './MyAssignments';
import './assignment.css';

const FMT = 'YYYY-MM-DD HH:mm:ss';

// A required Form.Item hands its control aria-required, which a Select puts on its outer <div> where ARIA
// does not allow it (axe: aria-allowed-attr); the field's asterisk and message still say it is required.
function FormSelect(props: SelectProps<string[]> & { 'aria-required'?: unknown }) {
  const { 'aria-required': _required, ...rest } = props;
  return <Select {...rest} />;
}

export default function TeacherAssignments() {
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: ['assignment', 'list'], queryFn: assignmentApi.list });
  if (open) return <Completion id={open} onBack={() => setOpen(null)} />;
  return (
    <div className="asg-page">
      <PageTitle
        title={t('作业')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('布置作业')}
          </Button>
        }
      />
      <QueryState query={list} empty={(p) => !p.records.length} emptyText={t('还没有布置作业')}>
        {(p) => (
          <div>
            {p.records.map((a) => (
              <button key={a.id} type="button" className="asg-card asg-row-button" onClick={() => setOpen(a.id)}>
                <span className="asg-title">{a.title}</span>
                <span className="area-muted asg-meta">
                  {a.classNames} · {t('{n}项', { n: a.itemCount ?? 0 })} · {t('截止')} {a.dueTime.slice(0, 16)}
                </span>
              </button>
            ))}
          </div>
        )}
      </QueryState>
      <NewAssignment open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

function NewAssignment({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm();
  const client = useQueryClient();
  const wide = !!Grid.useBreakpoint().md;
  const classes = useQuery({ queryKey: ['teach', 'classes'], queryFn: teachApi.classes, enabled: open });
  const courses = useQuery({ queryKey: ['assignment', 'courses'], queryFn: () => studyApi.courses({ pageNo: 1, pageSize: 50 }), enabled: open });
  const papers = useQuery({ queryKey: ['study', 'papers'], queryFn: studyApi.papers, enabled: open });
  const hazards = useQuery({ queryKey: ['study', 'hazards'], queryFn: studyApi.hazards, enabled: open });
  const clips = useQuery({ queryKey: clipKeys.clips, queryFn: clipApi.clips, enabled: open });
  const details = useQueries({ queries: (courses.data?.records ?? []).map((c) => ({ queryKey: ['study', 'course', c.id], queryFn: () => studyApi.course(c.id) })) });
  const lessons = details.flatMap((d) => (d.data ? d.data.chapters.flatMap((ch) => ch.lessons.map((l) => ({ value: `lesson:${l.id}`, label: `${d.data!.title} · ${l.title}` }))) : []));
  const options = [
    { label: t('课程'), options: (courses.data?.records ?? []).map((c) => ({ value: `course:${c.id}`, label: c.title })) },
    { label: t('课时'), options: lessons },
    { label: t('考试'), options: (papers.data ?? []).map((p) => ({ value: `paper:${p.id}`, label: p.title })) },
    { label: t('隐患排查'), options: (hazards.data ?? []).map((h) => ({ value: `hazard:${h.id}`, label: h.title })) },
    { label: t('危险预判'), options: (clips.data ?? []).map((c) => ({ value: `clip:${c.id}`, label: c.title })) },
  ];
  const save = useMutation({
    mutationFn: (v: { title: string; classIds: string[]; items: string[]; openTime: Dayjs; dueTime: Dayjs; receipt?: boolean }) => {
      const body: AssignmentInput = {
        title: v.title,
        classIds: v.classIds,
        items: v.items.map((x) => ({ kind: x.split(':')[0] as AssignmentItemKind, id: x.split(':')[1]! })),
        openTime: v.openTime.format(FMT),
        dueTime: v.dueTime.format(FMT),
        receipt: !!v.receipt,
      };
      return assignmentApi.add(body);
    },
    onSuccess: () => {
      void message.success(t('作业已布置'));
      void client.invalidateQueries({ queryKey: ['assignment', 'list'] });
      form.resetFields();
      onClose();
    },
  });
  return (
    <Drawer
      title={t('布置作业')}
      open={open}
      onClose={onClose}
      placement={wide ? 'right' : 'bottom'}
      width={wide ? 520 : undefined}
      height={wide ? undefined : '92%'}
      rootClassName="area-sheet"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ openTime: dayjs(), dueTime: dayjs().add(1, 'day').hour(22).minute(0).second(0), receipt: false }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="title" label={t('标题')} rules={[{ required: true, message: t('请输入标题') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="classIds" label={t('班级')} rules={[{ required: true, message: t('请至少选择一个班级') }]}>
          {/* typed text is matched against the class names (the select would match the ids) */}
          <FormSelect mode="multiple" optionFilterProp="label" loading={classes.isPending} options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="items" label={t('作业内容')} rules={[{ required: true, message: t('请至少选择一项作业内容') }]}>
          <FormSelect mode="multiple" showSearch optionFilterProp="label" options={options} />
        </Form.Item>
        <Form.Item name="openTime" label={t('开始时间')} rules={[{ required: true }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="dueTime" label={t('截止时间')} rules={[{ required: true }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        {/* the whole line is the switch's tap target, not only its 22 px knob */}
        <label className="asg-switch">
          <Form.Item name="receipt" valuePropName="checked" noStyle>
            <Switch />
          </Form.Item>
          {t('家长签收')}
        </label>
        <Button type="primary" htmlType="submit" block loading={save.isPending}>
          {t('布置')}
        </Button>
      </Form>
    </Drawer>
  );
}

function Completion({ id, onBack }: { id: string; onBack: () => void }) {
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['assignment', 'progress', id], queryFn: () => assignmentApi.progress(id) });
  const [extending, setExtending] = useState<AssignmentStudentProgress | null>(null);
  const [due, setDue] = useState<Dayjs | null>(null);
  const remind = useMutation({ mutationFn: () => assignmentApi.remind(id), onSuccess: (r) => void message.success(t('已提醒{n}名学生', { n: r.reminded })) });
  const extend = useMutation({
    mutationFn: () => assignmentApi.extend(id, extending!.userId, due!.format(FMT)),
    onSuccess: () => {
      void message.success(t('已延长截止时间'));
      setExtending(null);
      void client.invalidateQueries({ queryKey: ['assignment', 'progress', id] });
    },
  });
  return (
    <div className="asg-page">
      <div className="asg-toolbar">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={t('返回')} />
        <PageTitle title={q.data?.title ?? t('完成情况')} />
      </div>
      <QueryState query={q}>
        {(p) => (
          <>
            <div className="asg-card asg-summary">
              <span className="asg-rate" aria-label={t('完成人数')}>
                {p.completion.done} / {p.completion.total}
              </span>
              <span className="area-muted">
                {t('逾期完成')} {p.completion.late} · {t('已逾期')} {p.completion.overdue} · {t('截止')} {p.dueTime.slice(0, 16)}
                {p.receipt && ` · ${t('家长签收')} ${p.students.filter((s) => s.receiptAt).length}/${p.students.length}`}
              </span>
              <div className="asg-toolbar">
                <Button icon={<BellOutlined />} onClick={() => remind.mutate()} loading={remind.isPending} disabled={p.completion.done === p.completion.total}>
                  {t('提醒未完成')}
                </Button>
                <Button icon={<DownloadOutlined />} onClick={() => void assignmentApi.exportXls(id, p.title)}>
                  {t('导出')}
                </Button>
              </div>
            </div>
            <div className="asg-card">
              <div className="asg-marks" style={{ marginBottom: 8 }}>
                {p.items.map((i, n) => (
                  <span key={i.id} className="asg-mark">
                    {n + 1}. {t(KIND_TEXT[i.kind])} {i.title}
                  </span>
                ))}
              </div>
              {p.students.map((s) => (
                <div key={s.userId} className="asg-student">
                  <span className="asg-student-name">{s.realname}</span>
                  <span className={`asg-status ${s.status}`}>{t(STATUS_TEXT[s.status])}</span>
                  <span className="asg-marks">
                    {p.items.map((i, n) => (
                      <span key={i.id} className={`asg-mark${s.itemDone[n] ? ' done' : ''}`} title={i.title}>
                        {n + 1}
                        {s.itemDone[n] ? ' ✓' : ' ·'}
                        {s.scores[n] !== null && s.scores[n] !== undefined ? ` ${t('{n}分', { n: s.scores[n]! })}` : ''}
                      </span>
                    ))}
                  </span>
                  {p.receipt && (
                    <span className={`asg-mark${s.receiptAt ? ' done' : ''}`} title={s.receiptAt ?? undefined}>
                      {s.receiptAt ? t('回执已签') : t('回执未签')}
                    </span>
                  )}
                  {!s.done && (
                    <Button size="small" onClick={() => (setExtending(s), setDue(dayjs(s.dueTime).add(1, 'day')))}>
                      {t('延期')}
                    </Button>
                  )}
                </div>
              ))}
            </div>
          </>
        )}
      </QueryState>
      <Drawer title={t('延长截止时间')} open={!!extending} onClose={() => setExtending(null)} placement="bottom" height="auto" rootClassName="area-sheet">
        <p>{extending?.realname}</p>
        <DatePicker showTime format="YYYY-MM-DD HH:mm" value={due} onChange={setDue} style={{ width: '100%', marginBottom: 12 }} />
        <Button type="primary" block disabled={!due} loading={extend.isPending} onClick={() => extend.mutate()}>
          {t('确定')}
        </Button>
      </Drawer>
    </div>
  );
}
