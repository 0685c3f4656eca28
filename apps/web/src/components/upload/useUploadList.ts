// The state both uploaders share: the stored value (comma-joined paths) on one side, antd's file list
// with uploads in flight on the other; only files whose upload is done count in the value.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadFile, UploadProps } from 'antd';
import { displayName, splitPaths, uploadFile, type UploadOptions } from '../../lib/files';
import { t } from '../../lib/i18n';

export interface StoredFile {
  fileName: string;
  filePath: string;
  fileSize: number;
}

function fromPath(path: string, url: (p: string) => string | undefined): UploadFile<string> {
  return { uid: path, name: displayName(path), status: 'done', response: path, url: url(path) };
}

const donePaths = (list: UploadFile<string>[]) => list.filter((f) => f.status === 'done' && f.response).map((f) => f.response as string);

export function useUploadList(opts: {
  value?: string | null;
  onChange?: (value: string) => void;
  onFiles?: (files: StoredFile[]) => void;
  url: (path: string) => string | undefined;
  upload?: Omit<UploadOptions, 'onProgress'>;
  onFailed?: (file: UploadFile<string>, message: string) => void;
}) {
  const { value, onChange, onFiles, url, upload, onFailed } = opts;
  const [fileList, setFileList] = useState<UploadFile<string>[]>(() => splitPaths(value).map((p) => fromPath(p, url)));
  const listRef = useRef(fileList);
  listRef.current = fileList;

  // A value set from outside (form reset, record loaded) replaces the list unless it is ours.
  useEffect(() => {
    const paths = splitPaths(value);
    if (paths.join(',') === donePaths(listRef.current).join(',')) return;
    setFileList(paths.map((p) => fromPath(p, url)));
  }, [value, url]);

  const publish = useCallback(
    (list: UploadFile<string>[]) => {
      const paths = donePaths(list);
      if (paths.join(',') !== splitPaths(value).join(',')) onChange?.(paths.join(','));
      onFiles?.(list.filter((f) => f.status === 'done' && f.response).map((f) => ({ fileName: f.name, filePath: f.response as string, fileSize: f.size ?? 0 })));
    },
    [onChange, onFiles, value],
  );

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const task = uploadFile(file as File, { ...upload, onProgress: (percent) => onProgress?.({ percent }) });
    void task.done.then((r) => {
      if (r.ok) onSuccess?.(r.path);
      else if (!('aborted' in r && r.aborted)) onError?.(new Error(r.message) as Parameters<NonNullable<typeof onError>>[0], r.message);
    });
    return { abort: task.abort };
  };

  const handleChange: UploadProps<string>['onChange'] = ({ file, fileList: next }) => {
    // Once stored, show the server's copy rather than the local preview: what you see is what was kept.
    const list = next.map((f) => {
      if (f.status !== 'done' || !f.response || f.url) return f;
      const stored = url(f.response);
      return { ...f, url: stored, thumbUrl: stored ?? f.thumbUrl };
    });
    setFileList(list);
    if (file.status === 'error') onFailed?.(file, typeof file.response === 'string' ? file.response : file.error?.message || t('上传失败'));
    if (file.status === 'done' || file.status === 'removed') publish(list);
  };

  return { fileList, customRequest, onChange: handleChange };
}
