// File uploader: any accepted file, a count limit where 0 is unlimited, value = comma-joined stored
// paths; downloads carry the token; a failure says '{file} 上传失败.' and keeps the reason as a tooltip.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { downloadStored } from '../../lib/files';
import { message } from '../../lib/antd/static';
import { useUploadList, type StoredFile } from './useUploadList';
import { t } from '../../lib/i18n';

export interface FileUploadProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** Every done file with its size, for callers that need more than the paths (the file popup). */
  onFiles?: (files: StoredFile[]) => void;
  maxCount?: number;
  biz?: string;
  disabled?: boolean;
  accept?: string;
  buttonText?: string;
  /** Files in the list can be downloaded / removed (both on by default). */
  allowDownload?: boolean;
  allowRemove?: boolean;
}

const noUrl = () => undefined;

export function FileUpload({
  value,
  onChange,
  onFiles,
  maxCount = 0,
  biz = 'temp',
  disabled,
  accept,
  buttonText,
  allowDownload = true,
  allowRemove = true,
}: FileUploadProps) {
  const list = useUploadList({
    value,
    onChange,
    onFiles,
    url: noUrl,
    upload: { biz },
    onFailed: (f) => message.error(t('{file} 上传失败.', { file: f.name })),
  });
  const full = maxCount > 0 && list.fileList.length >= maxCount;
  return (
    <Upload<string>
      multiple={maxCount !== 1}
      accept={accept}
      disabled={disabled}
      fileList={list.fileList}
      customRequest={list.customRequest}
      onChange={list.onChange}
      showUploadList={{ showDownloadIcon: allowDownload, showRemoveIcon: allowRemove && !disabled }}
      onDownload={(f) => f.response && void downloadStored(f.response, f.name).catch(() => message.warning(t('文件下载失败')))}
      onPreview={(f) => allowDownload && f.response && void downloadStored(f.response, f.name).catch(() => message.warning(t('文件下载失败')))}
    >
      {!full && !disabled && <Button icon={<UploadOutlined />}>{buttonText ?? t('点击上传')}</Button>}
    </Upload>
  );
}
