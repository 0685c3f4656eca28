// File popup (spec/02 §2, §5): uploads in a dialog (520 by 200 by default); confirming with no file
// warns 未上传任何文件, otherwise hands back the files and closes.
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { message } from '../../lib/antd/static';
import { FileUpload } from './FileUpload';
import { ImageUpload } from './ImageUpload';
import type { StoredFile } from './useUploadList';
import { t } from '../../lib/i18n';

export interface FilePopupProps {
  open: boolean;
  title?: string;
  /** 'image' uses the image uploader. */
  type?: 'file' | 'image';
  width?: number;
  height?: number;
  maxCount?: number;
  biz?: string;
  /** Paths already chosen (comma-joined). */
  value?: string;
  onOk: (files: StoredFile[], value: string) => void;
  onCancel: () => void;
}

export function FilePopup({ open, title, type = 'file', width = 520, height = 200, maxCount = 0, biz, value, onOk, onCancel }: FilePopupProps) {
  const [paths, setPaths] = useState(value ?? '');
  const [files, setFiles] = useState<StoredFile[]>([]);
  useEffect(() => {
    if (open) setPaths(value ?? '');
  }, [open, value]);

  const confirm = () => {
    if (!paths) {
      message.warning(t('未上传任何文件'));
      return;
    }
    const byPath = new Map(files.map((f) => [f.filePath, f]));
    const list = paths.split(',').map((p) => byPath.get(p) ?? { fileName: p.split('/').pop() ?? p, filePath: p, fileSize: 0 });
    onOk(list, paths);
  };

  return (
    <Modal
      open={open}
      title={title ?? (type === 'image' ? t('图片上传') : t('文件上传'))}
      width={width}
      onOk={confirm}
      onCancel={onCancel}
      destroyOnHidden
      styles={{ body: { minHeight: height } }}
    >
      {type === 'image' ? (
        <ImageUpload value={paths} onChange={setPaths} maxCount={maxCount} biz={biz} />
      ) : (
        <FileUpload value={paths} onChange={setPaths} onFiles={setFiles} maxCount={maxCount} biz={biz} />
      )}
    </Modal>
  );
}
