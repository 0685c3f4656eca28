// upload/file/image cells (spec/02 §4): no file -> uploading (percent) -> done (path) or error
// (message, default 未知错误). The row value is the stored path, set only when the upload is done.
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { memo, useRef } from 'react';
import { message } from '../../../lib/antd/static';
import { downloadCellFile, fileUrlOf, nameFromPath, shortFileName, uploadFile } from '../upload';
import type { UploadedValue } from '../types';
import { textOf, type CellProps } from './cellTypes';
import { t } from '../../../lib/i18n';

export const UploadCell = memo(function UploadCell({ column, rowId, value, upload, disabled, ctx }: CellProps) {
  const input = useRef<HTMLInputElement>(null);
  const { controller } = ctx;
  const store = controller.store;
  const path = textOf(value);
  const state: UploadedValue | undefined =
    upload && (upload.status !== 'done' || upload.path === path)
      ? upload
      : path
        ? { name: nameFromPath(path), status: 'done', percent: 100, path }
        : undefined;

  const start = async (file: File) => {
    const { done } = uploadFile(file, column, (v) => store.setUpload(rowId, column.key, v));
    const final = await done;
    store.setUpload(rowId, column.key, final);
    controller.setValue(rowId, column.key, final.status === 'done' ? final.path : '', 'change');
  };
  const remove = () => {
    store.setUpload(rowId, column.key, undefined);
    controller.setValue(rowId, column.key, '', 'change');
  };

  const picker = (
    <input
      ref={input}
      type="file"
      hidden
      aria-label={t('{title}文件', { title: column.title }, 'grid')}
      accept={column.type === 'image' ? 'image/*' : undefined}
      onChange={(e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (file) void start(file);
      }}
    />
  );

  if (!state || state.status === 'removed') {
    return (
      <div className="eg-upload">
        {picker}
        <Button size="small" icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
          {column.placeholder ?? (column.type === 'image' ? t('上传图片') : t('上传文件'))}
        </Button>
      </div>
    );
  }
  if (state.status === 'uploading') {
    return (
      <div className="eg-upload" data-status="uploading">
        <span className="eg-upload-progress">{t('上传中')} {state.percent}%</span>
      </div>
    );
  }
  const removeButton =
    column.allowRemove !== false && !disabled ? (
      <Button size="small" type="text" aria-label={t('删除文件')} icon={<DeleteOutlined />} onClick={remove} />
    ) : null;
  if (state.status === 'error') {
    return (
      <div className="eg-upload" data-status="error">
        {picker}
        <Tooltip title={state.message}>
          <span className="eg-upload-error">{t('上传失败')}</span>
        </Tooltip>
        <span className="eg-upload-message">{state.message}</span>
        {removeButton}
      </div>
    );
  }
  const url = state.path && column.type === 'image' ? fileUrlOf(column, state.path) : undefined;
  return (
    <div className="eg-upload" data-status="done">
      {column.type === 'image' && url ? <img className="eg-thumb" src={url} alt={state.name} /> : null}
      <span className="eg-upload-name" title={state.name}>
        {shortFileName(state.name)}
      </span>
      {column.allowDownload !== false && state.path ? (
        <Button
          size="small"
          type="text"
          aria-label={t('下载文件')}
          icon={<DownloadOutlined />}
          onClick={() => void downloadCellFile(column, state.path!, state.name).catch(() => message.warning(t('文件下载失败')))}
        />
      ) : null}
      {removeButton}
    </div>
  );
});
