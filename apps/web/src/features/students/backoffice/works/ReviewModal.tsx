// 审核 of a student's work: pass or reject with a comment; a passed work may get an award.
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { STUDENT_DICTS } from '@anxue/shared';
import { DictSelect } from '../../../../components/dict/DictSelect';
import { message } from '../../../../lib/antdStatic';
import { http } from '../../../../lib/http';

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
      void message.success(res.message || '操作成功');
      onSaved();
      onClose();
    } catch {
      /* the client showed the notice */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title={work ? `审核：${work.title}` : '审核'} open={!!work} onOk={submit} onCancel={onClose} confirmLoading={saving} okText="确定" cancelText="关闭" forceRender>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }}>
        <Form.Item label="审核结果" name="reviewStatus" rules={[{ required: true, message: '请选择审核结果!' }]}>
          <DictSelect dictCode={STUDENT_DICTS.reviewStatus} type="radioButton" />
        </Form.Item>
        <Form.Item label="审核意见" name="reviewComment" rules={[{ max: 500, message: '审核意见最长500个字符' }]}>
          <Input.TextArea rows={3} placeholder="写给作者的话" />
        </Form.Item>
        {status === '1' && (
          <Form.Item label="奖项" name="award">
            <DictSelect dictCode={STUDENT_DICTS.award} placeholder="不评奖" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
