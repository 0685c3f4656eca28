// 加分: points (negative to take some off) for a team or one of its members, with the reason.
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useCloseGuard } from '../../../../components/dialogs';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { formRules } from '../../../../lib/formRules';
import { t } from '../../../../lib/i18n';

export const ADD_SCORE_URL = '/students/competitionTeam/addScore';

interface TeamDetail {
  id: string;
  name: string;
  members?: Array<{ userId: string; realname: string; memberRole: string; score: number }>;
}

export function AddScoreModal({ team, onClose, onSaved }: { team: { id: string; name: string } | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [detail, setDetail] = useState<TeamDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const guard = useCloseGuard(onClose, { open: !!team, resetKey: team });
  useEffect(() => {
    if (!team) return;
    form.resetFields();
    setDetail(null);
    void http.get<TeamDetail>('/students/competitionTeam/queryById', { id: team.id }).then(setDetail, () => undefined);
  }, [team, form]);

  const submit = async () => {
    let values: { userId?: string; points: number; reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await http.raw.post(ADD_SCORE_URL, { teamId: team!.id, userId: values.userId || null, points: values.points, reason: values.reason });
      void message.success(res.message || t('操作成功'));
      onSaved();
      onClose();
    } catch {
      /* the client showed the notice */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={team ? t('加分：{name}', { name: team.name }) : t('加分')} open={!!team} onOk={submit} onCancel={guard.requestClose} wrapClassName={guard.className} confirmLoading={saving} okText={t('确定')} cancelText={t('关闭')} forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onValuesChange={guard.markDirty}>
        <Form.Item label={t('加给')} name="userId" extra={t('不选则加给整个队伍')}>
          <Select allowClear placeholder={t('整个队伍')} options={(detail?.members ?? []).map((m) => ({ value: m.userId, label: `${m.realname}${m.memberRole === 'captain' ? t('（队长）') : ''}` }))} />
        </Form.Item>
        <Form.Item
          label={t('分数')}
          name="points"
          rules={[
            { required: true, message: t('请输入分数!') },
            {
              validator: async (_r, v) => {
                if (v === 0) throw new Error(t('分数不能为0'));
              },
            },
          ]}
          extra={t('负数为扣分')}
        >
          <InputNumber precision={0} min={-10000} max={10000} style={{ width: '100%' }} placeholder={t('请输入分数')} />
        </Form.Item>
        <Form.Item label={t('原因')} name="reason" rules={formRules.required('原因', { max: 200 })}>
          <Input placeholder={t('请输入原因')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
