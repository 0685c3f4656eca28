// 导入EXCEL (spec/02 §2, §5, §8): pick .xls/.xlsx files, post them as files[], report the outcome.
import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Upload, type UploadFile } from 'antd';
import { MODAL_WIDTHS } from '@anxue/shared/constants';
import { CODE_IMPORT_PARTIAL } from '@anxue/shared/wire';
import { message, Modal as StaticModal } from '../../lib/antd/static';
import { http, HttpError } from '../../lib/http';
import { isExcelFile, ONLY_EXCEL, PARTIAL_TITLE, type ImportErrorResult } from './importRules';
import { downloadErrorFile } from './downloadErrorFile';
import { t } from '../../lib/i18n';

export interface ImportExcelModalProps {
  open: boolean;
  /** The import url, e.g. /sys/position/importExcel. */
  url: string;
  onClose: () => void;
  /** Called after a (possibly partial) successful import, e.g. to reload the list. */
  onSuccess?: () => void;
  /** Extra multipart fields (isSingleTableImport, foreignKeys, validateStatus). */
  extraData?: Record<string, string>;
}

function showPartial(msg: string | undefined, result: ImportErrorResult | undefined, title = t(PARTIAL_TITLE)) {
  StaticModal.warning({
    title,
    content: (
      <div>
        <span>{result?.msg ?? msg}</span>
        <br />
        {result?.fileUrl && (
          <span>
            {t('具体详情请')}{' '}
            <a href="#" onClick={(e) => (e.preventDefault(), void downloadErrorFile(result))}>
              {t('点击下载')}
            </a>
          </span>
        )}
      </div>
    ),
  });
}

export function ImportExcelModal({ open, url, onClose, onSuccess, extraData }: ImportExcelModalProps) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const close = () => {
    setFiles([]);
    onClose();
  };

  const upload = async () => {
    const form = new FormData();
    for (const f of files) form.append('files[]', f.originFileObj ?? (f as unknown as File));
    for (const [k, v] of Object.entries(extraData ?? {})) form.append(k, v);
    setUploading(true);
    try {
      const res = await http.raw.post<ImportErrorResult>(url, form, { silent: true });
      void message.success(res.message || t('文件导入成功！'));
      close();
      onSuccess?.();
    } catch (e) {
      const body = e instanceof HttpError ? e.body : undefined;
      // Code 201 is a success with rejected rows; the client treats non-200 codes as failures.
      if (body && body.success && Number(body.code) === CODE_IMPORT_PARTIAL) {
        showPartial(body.message, body.result as ImportErrorResult | undefined);
        close();
        onSuccess?.();
      } else if (body && !body.success && (body.result as ImportErrorResult | null)?.fileUrl) {
        // nothing was written, but the rows' reasons are in the error file
        showPartial(body.message, body.result as ImportErrorResult, body.message);
      } else {
        const names = files.map((f) => f.name).join(',');
        void message.warning(`${names} ${e instanceof Error ? e.message : t('导入失败')}`);
      }
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal
      title={t('导入EXCEL')}
      width={MODAL_WIDTHS.importExcel}
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close}>
          {t('关闭')}
        </Button>,
      ]}
    >
      <Upload
        accept=".xls,.xlsx"
        multiple
        fileList={files}
        beforeUpload={(file) => {
          if (!isExcelFile(file.name)) {
            void message.warning(t(ONLY_EXCEL));
            return Upload.LIST_IGNORE;
          }
          setFiles((prev) => [...prev, { uid: file.uid, name: file.name, originFileObj: file, status: 'done' }]);
          return false;
        }}
        onRemove={(file) => setFiles((prev) => prev.filter((f) => f.uid !== file.uid))}
      >
        <Button icon={<UploadOutlined />}>{t('选择导入文件')}</Button>
      </Upload>
      <Button type="primary" onClick={upload} disabled={files.length === 0} loading={uploading} style={{ marginTop: 16 }}>
        {uploading ? t('上传中...') : t('开始上传')}
      </Button>
    </Modal>
  );
}
