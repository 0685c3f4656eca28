// 班级码 of one class (shown, renewed, its waiting requests accepted or refused) and 升年级 of several.
import { useEffect, useState } from 'react';
import { App, Button, Empty, List, Modal, Space, Typography } from 'antd';
import { STUDENT_DICTS } from '@anxue/shared';
import { DictSelect } from '../../../../components/dict';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

interface Request {
  id: string;
  realname: string | null;
  username: string;
  workNo: string | null;
}

export const STUDENT_OPTIONS_URL = '/students/class/studentOptions';

export function ClassCodeModal({ classId, className, canManage, onClose }: { classId: string; className: string; canManage: boolean; onClose: () => void }) {
  const [code, setCode] = useState<string | null>();
  const [requests, setRequests] = useState<Request[]>([]);
  const load = async () => {
    const [c, r] = await Promise.all([http.get<{ code: string | null }>('/students/class/joinCode', { id: classId }), http.get<Request[]>('/students/class/joinRequests', { id: classId })]);
    setCode(c.code);
    setRequests(r);
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId]);
  const renew = () =>
    Modal.confirm({
      title: t('更换班级码'),
      content: t('更换后旧的班级码不能再用来申请加入。'),
      okText: t('更换'),
      cancelText: t('取消'),
      onOk: async () => setCode((await http.post<{ code: string }>('/students/class/renewCode', { id: classId })).code),
    });
  const decide = async (requestId: string, accept: boolean) => {
    await http.post('/students/class/decideJoin', { classId, requestId, accept });
    await load();
  };
  return (
    <Modal open title={t('{name} 的班级码', { name: className })} onCancel={onClose} footer={<Button onClick={onClose}>{t('关闭')}</Button>}>
      <Space align="center" size="large" wrap>
        <Typography.Text data-testid="class-code" style={{ fontSize: 32, letterSpacing: '0.2em', fontWeight: 600, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
          {code === undefined ? '…' : (code ?? '—')}
        </Typography.Text>
        {canManage && code && <Button onClick={renew}>{t('更换')}</Button>}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('学生在学习园地的“加入班级”里输入班级码，你通过后就加入本班。')}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('待通过的申请')}</Typography.Title>
      {requests.length ? (
        <List
          size="small"
          dataSource={requests}
          renderItem={(r) => (
            <List.Item
              key={r.id}
              actions={
                canManage
                  ? [
                      <Button key="yes" type="link" onClick={() => decide(r.id, true)}>
                        {t('通过')}
                      </Button>,
                      <Button key="no" type="link" danger onClick={() => decide(r.id, false)}>
                        {t('拒绝')}
                      </Button>,
                    ]
                  : []
              }
            >
              {r.realname || r.username}
              {r.workNo ? `（${r.workNo}）` : ''}
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有待通过的申请')} />
      )}
    </Modal>
  );
}

/** 升年级: the selected classes, or every active class of one grade; the last grade of a stage graduates (archived). */
export function PromoteButtons({ selectedIds, onDone }: { selectedIds: string[]; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const [grade, setGrade] = useState<string>();
  const run = (body: { ids?: string[]; grade?: string }, what: string) =>
    modal.confirm({
      title: t('升年级'),
      content: t('{what}将升入下一年级；最高年级的班级毕业归档（不再出现在班级列表和选择中，学习记录保留）。确定吗？', { what }),
      okText: t('升年级'),
      cancelText: t('取消'),
      onOk: async () => {
        const r = await http.raw.post<{ promoted: number; graduated: number; skipped: number }>('/students/class/promote', body);
        void message.success(r.message);
        onDone();
      },
    });
  return (
    <Space wrap>
      <Button disabled={!selectedIds.length} onClick={() => run({ ids: selectedIds }, t('选中的{n}个班', { n: selectedIds.length }))}>
        {t('选中的班升年级')}
      </Button>
      <DictSelect dictCode={STUDENT_DICTS.grade} value={grade} onChange={(v: unknown) => setGrade(v as string)} placeholder={t('选择年级')} style={{ width: 120 }} aria-label={t('年级')} />
      <Button disabled={!grade} onClick={() => grade && run({ grade }, t('该年级的所有班'))}>
        {t('整个年级升年级')}
      </Button>
    </Space>
  );
}
