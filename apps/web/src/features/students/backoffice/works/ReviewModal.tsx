// 审核 of a student's work: pass or reject with a comment; a passed work may get an award.
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { STUDENT_DICTS } from '@anxue/shared';
import { useCloseGuard } from '../../../../components/dialogs';
import { DictSelect } from '../../../../components/dict/DictSelect';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

export const REVIEW_URL = '/students/works/review';

export interface ReviewedWork {
  id: string;
  title: string;
  reviewStatus?: string;
  reviewComment?: string | null;
  award?: string | null;
}

export function ReviewModal({ work, onClose, onSaved }: { work: ReviewedWork | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const status = Form.useWatch('reviewStatus', form) as string | undefined;
  const guard = useCloseGuard(onClose, { open: !!work, resetKey: work });
  useEffect(() => {
    if (!work) return;
    form.resetFields();
    form.setFieldsValue({ reviewStatus: work.reviewStatus && work.reviewStatus !== '0' ? work.reviewStatus : '1', reviewComment: work.reviewComment ?? '', award: work.award ?? undefined });
  }, [work, form]);

  const submit = async () => {
    let values: { reviewStatus: string; reviewComment?: string; award?: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await http.raw.post(REVIEW_URL, { id: work!.id, reviewStatus: values.reviewStatus, reviewComment: values.reviewComment || null, award: values.reviewStatus === '1' ? values.award || null : null });
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
    <Modal title={work ? t('审核：{title}', { title: work.title }) : t('审核')} open={!!work} onOk={submit} onCancel={guard.requestClose} wrapClassName={guard.className} confirmLoading={saving} okText={t('确定')} cancelText={t('关闭')} forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} onValuesChange={guard.markDirty}>
        <Form.Item label={t('审核结果')} name="reviewStatus" rules={[{ required: true, message: t('请选择审核结果!') }]}>
          <DictSelect dictCode={STUDENT_DICTS.reviewStatus} type="radioButton" />
        </Form.Item>
        <Form.Item label={t('审核意见')} name="reviewComment" rules={[{ max: 500, message: t('审核意见最长500个字符') }]}>
          <Input.TextArea rows={3} placeholder={t('写给作者的话')} />
        </Form.Item>
        {status === '1' && (
          <Form.Item label={t('奖项')} name="award">
            <DictSelect dictCode={STUDENT_DICTS.award} placeholder={t('不评奖')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
