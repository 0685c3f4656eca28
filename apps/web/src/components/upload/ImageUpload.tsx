// Image uploader (spec/02 §5 Uploaders): images only (请上传图片), a count limit where 0 is unlimited,
// value = comma-joined stored paths; a failed upload opens 上传出错 with the server's message.
import { PlusOutlined } from '@ant-design/icons';
import { Image, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { imageUrl } from '../../lib/files';
import { message, Modal } from '../../lib/antd/static';
import { useUploadList } from './useUploadList';
import { t } from '../../lib/i18n';

export interface ImageUploadProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** Most images kept; 0 means no limit. */
  maxCount?: number;
  biz?: string;
  disabled?: boolean;
  /** Text under the plus sign. */
  text?: string;
}

export function ImageUpload({ value, onChange, maxCount = 0, biz = 'temp', disabled, text }: ImageUploadProps) {
  const [preview, setPreview] = useState<string>();
  const list = useUploadList({
    value,
    onChange,
    url: imageUrl,
    upload: { biz },
    onFailed: (_f, msg) => Modal.error({ title: t('上传出错'), content: t('错误信息：{message}', { message: msg }) }),
  });
  const full = maxCount > 0 && list.fileList.length >= maxCount;
  return (
    <>
      <Upload<string>
        listType="picture-card"
        accept="image/*"
        multiple={maxCount !== 1}
        disabled={disabled}
        fileList={list.fileList}
        customRequest={list.customRequest}
        onChange={list.onChange}
        beforeUpload={(file: File) => {
          if (!file.type || !file.type.includes('image')) {
            message.warning(t('请上传图片'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        onPreview={(f: UploadFile<string>) => setPreview(f.url)}
      >
        {!full && !disabled && (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{text ?? t('上传')}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(undefined) }}
        />
      )}
    </>
  );
}
