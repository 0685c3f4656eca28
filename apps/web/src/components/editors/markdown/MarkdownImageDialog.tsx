// 图片 dialog of the markdown editor (spec/02 §2): 本地上传 sends the file to the common upload
// endpoint, 网络地址 takes an address; both carry a 备注 that becomes the alt text.
import { useEffect, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tabs, Upload } from 'antd';
import { message } from '../../../lib/antd/static';
import { t } from '../../../lib/i18n';
import { isImageFile, uploadEditorImage } from '../uploadEditorImage';
import { imageMarkdown } from './renderMarkdown';
import { useCloseGuard } from '../../dialogs/useCloseGuard';

export interface MarkdownImageDialogProps {
  open: boolean;
  onCancel: () => void;
  /** Receives `![remark](url)`. */
  onInsert: (markdown: string) => void;
}

type TabKey = 'local' | 'network';

interface Values {
  localUrl?: string;
  localRemark?: string;
  url?: string;
  remark?: string;
}

const FIELDS: Record<TabKey, (keyof Values)[]> = { local: ['localUrl', 'localRemark'], network: ['url', 'remark'] };
const WEB_ADDRESS = /^(https?:\/\/\S+|\/\S*)$/i;

/** The uploaded image as a form field: its value is the address to insert. */
function LocalImagePicker({ value, uploading, onPick }: { value?: string; uploading: boolean; onPick: (file: File) => void }) {
  return (
    <div>
      <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => (onPick(file), Upload.LIST_IGNORE)}>
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t('选择图片')}
        </Button>
      </Upload>
      {value && <img src={value} alt={t('预览')} style={{ display: 'block', maxWidth: '100%', maxHeight: 160, marginTop: 8 }} />}
    </div>
  );
}

export function MarkdownImageDialog({ open, onCancel, onInsert }: MarkdownImageDialogProps) {
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<TabKey>('local');
  const [uploading, setUploading] = useState(false);
  const guard = useCloseGuard(onCancel, { open });

  useEffect(() => {
    if (open) {
      form.resetFields();
      setTab('local');
    }
  }, [open, form]);

  const upload = async (file: File) => {
    if (!isImageFile(file)) {
      message.warning(t('请上传图片'));
      return;
    }
    setUploading(true);
    try {
      form.setFieldValue('localUrl', await uploadEditorImage(file));
      guard.markDirty();
      void form.validateFields(['localUrl']);
    } catch {
      /* the http client has shown the failure */
    } finally {
      setUploading(false);
    }
  };

  const ok = async () => {
    const values = await form.validateFields(FIELDS[tab]).catch(() => undefined);
    if (!values) return;
    onInsert(tab === 'local' ? imageMarkdown(values.localUrl!, values.localRemark) : imageMarkdown(values.url!, values.remark));
  };

  return (
    <Modal title={t('插入图片')} open={open} onCancel={guard.requestClose} wrapClassName={guard.className} onOk={ok} okText={t('确定')} cancelText={t('取消')} okButtonProps={{ disabled: uploading }} destroyOnHidden width={520}>
      <Form form={form} layout="vertical" preserve onValuesChange={guard.markDirty}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as TabKey)}
          items={[
            {
              key: 'local',
              label: t('本地上传'),
              forceRender: true,
              children: (
                <>
                  <Form.Item label={t('图片')} name="localUrl" rules={[{ required: true, message: t('请先上传图片') }]}>
                    <LocalImagePicker uploading={uploading} onPick={(file) => void upload(file)} />
                  </Form.Item>
                  <Form.Item label={t('备注')} name="localRemark">
                    <Input placeholder={t('请输入备注')} maxLength={100} />
                  </Form.Item>
                </>
              ),
            },
            {
              key: 'network',
              label: t('网络地址'),
              forceRender: true,
              children: (
                <>
                  <Form.Item
                    label={t('图片地址')}
                    name="url"
                    rules={[
                      { required: true, message: t('请输入图片地址') },
                      { pattern: WEB_ADDRESS, message: t('请输入以http和https开头的网址') },
                    ]}
                  >
                    <Input placeholder={t('请输入图片地址')} />
                  </Form.Item>
                  <Form.Item label={t('备注')} name="remark">
                    <Input placeholder={t('请输入备注')} maxLength={100} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
