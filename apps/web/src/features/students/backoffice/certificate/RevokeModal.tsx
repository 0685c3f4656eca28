// 撤销 of a certificate issued by mistake: the reason is kept for the back-office, never shown publicly.
import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useCloseGuard } from '../../../../components/dialogs';
import { message } from '../../../../lib/antd/static';
import { http } from '../../../../lib/http';
import { t } from '../../../../lib/i18n';

export const REVOKE_URL = '/students/certificate/revoke';
export const RESTORE_URL = '/students/certificate/restore';

export interface RevokedCertificate {
  id: string;
  realname: string;
  title: string;
}

export function RevokeModal({ certificate, onClose, onSaved }: { certificate: RevokedCertificate | undefined; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const guard = useCloseGuard(onClose, { open: !!certificate, resetKey: certificate });
  useEffect(() => {
    if (certificate) form.resetFields();
  }, [certificate, form]);

  const submit = async () => {
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await http.raw.post(REVOKE_URL, { id: certificate!.id, reason: values.reason.trim() });
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
    <Modal
      title={certificate ? t('撤销证书：{name} · {title}', { name: certificate.realname, title: certificate.title }) : t('撤销证书')}
      open={!!certificate}
      onOk={submit}
      onCancel={guard.requestClose}
      wrapClassName={guard.className}
      confirmLoading={saving}
      okText={t('撤销')}
      okButtonProps={{ danger: true }}
      cancelText={t('关闭')}
      forceRender
    >
      <p>{t('撤销后，凭验证码查询会显示这张证书已被学校撤销；学生完成同一内容也不会再得到新证书。可以随时恢复。')}</p>
      <Form form={form} layout="vertical" onValuesChange={guard.markDirty}>
        <Form.Item
          label={t('撤销原因')}
          name="reason"
          rules={[
            { required: true, whitespace: true, message: t('请填写撤销原因') },
            { max: 200, message: t('撤销原因最长200个字符') },
          ]}
          extra={t('只在后台可见')}
        >
          <Input.TextArea rows={3} placeholder={t('例如：学习记录记到了别的同学名下')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
