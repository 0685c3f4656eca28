// 文件管理 (the original's OSS file list): stored files with name, path, size, type, uploader and time;
// upload with a progress bar through /sys/oss/file/upload (the server applies the upload checks),
// preview (images inline, other files downloaded), download and delete of the file with its row.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Progress, Upload } from 'antd';
import { useState } from 'react';
import { ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { message } from '../../../lib/antd/static';
import { downloadStored, imageUrl, isImagePath, uploadFile } from '../../../lib/files';
import { usePermission } from '../../../lib/permission';
import { t } from '../../../lib/i18n';

const PERM = 'system:ossFile';
const API = { list: '/sys/oss/file/list', delete: '/sys/oss/file/delete' };
const UPLOAD_URL = '/sys/oss/file/upload';

export interface OssFileRow {
  id: string;
  fileName: string;
  url: string;
  fileSize: number;
  fileType: string | null;
  storageDriver: string;
  createBy: string | null;
  createTime: string;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function OssFileListPage() {
  const list = useListPage<OssFileRow>({ api: API, queryRules: { fileName: 'like', url: 'like' } });
  const { has } = usePermission();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const download = (r: OssFileRow) => void downloadStored(r.url, r.fileName).catch(() => message.warning(t('文件下载失败')));
  const columns = useListColumns<OssFileRow>([
    { title: '文件名称', dataIndex: 'fileName', align: 'left', ellipsis: true },
    { title: '文件地址', dataIndex: 'url', align: 'left', ellipsis: true },
    { title: '大小', dataIndex: 'fileSize', width: 100, render: (v: number) => formatSize(v) },
    { title: '类型', dataIndex: 'fileType', width: 170, ellipsis: true },
    { title: '上传人', dataIndex: 'createBy', width: 100 },
    { title: '上传时间', dataIndex: 'createTime', width: 170, sorter: true },
    {
      title: '操作',
      dataIndex: 'action',
      width: 170,
      render: (_: unknown, r: OssFileRow) => (
        <RowActions
          actions={[
            { key: 'preview', label: t('预览'), onClick: () => (isImagePath(r.url) ? setPreview(imageUrl(r.url)) : download(r)) },
            { key: 'download', label: t('下载'), onClick: () => download(r) },
            { key: 'delete', label: t('删除'), permission: `${PERM}:delete`, confirm: t('确定删除该文件吗?'), onClick: () => void list.remove(r.id) },
          ]}
        />
      ),
    },
  ] as ListColumn<OssFileRow>[]);

  const upload = (file: File) => {
    setProgress({ name: file.name, percent: 0 });
    const task = uploadFile(file, { action: UPLOAD_URL, onProgress: (percent) => setProgress({ name: file.name, percent }) });
    void task.done.then((outcome) => {
      if (outcome.ok) {
        setProgress({ name: file.name, percent: 100 });
        message.success(t('{name} 上传成功', { name: file.name }));
        list.reload();
      } else {
        setProgress(null);
        message.error(t('{name} 上传失败：{reason}', { name: file.name, reason: outcome.message }));
      }
    });
    return false;
  };

  return (
    <>
      <ListPage<OssFileRow>
        list={list}
        columns={columns}
        permission={PERM}
        selectable={false}
        toolbar={
          has(`${PERM}:upload`) && (
            <>
              <Upload showUploadList={false} beforeUpload={upload}>
                <Button type="primary" icon={<UploadOutlined />}>
                  {t('文件上传')}
                </Button>
              </Upload>
              {progress && (
                <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 260 }}>
                  <span>{progress.name}</span>
                  <Progress percent={progress.percent} size="small" style={{ width: 160, margin: 0 }} aria-label={t('上传进度')} />
                </span>
              )}
            </>
          )
        }
        query={
          <>
            <QueryInput label={t('文件名称')} name="fileName" />
            <QueryInput label={t('文件地址')} name="url" />
          </>
        }
      />
      {preview && <Image style={{ display: 'none' }} src={preview} preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }} />}
    </>
  );
}
