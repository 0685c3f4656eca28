// The video file of a 视频 record: choosing a file uploads it with a progress bar (and a way to stop),
// while the browser reads its length and grabs a cover frame; both land in the form's 时长 and 封面
// fields, where the editor can still change them before saving.
import { useRef, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography, type FormInstance } from 'antd';
import { message } from '../../../../lib/antd/static';
import { displayName, uploadFile } from '../../../../lib/files';
import { readVideoFacts } from './videoFacts';
import { t } from '../../../../lib/i18n';

export interface VideoFileFieldProps {
  value?: string | null;
  onChange?: (path: string | null) => void;
  form: FormInstance;
  biz?: string;
}

export function VideoFileField({ value, onChange, form, biz = 'students' }: VideoFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [abort, setAbort] = useState<(() => void) | null>(null);
  const [note, setNote] = useState<string>('');

  const choose = async (file: File) => {
    if (!file.type.startsWith('video/')) {
      void message.warning(t('请选择视频文件'));
      return;
    }
    setPercent(0);
    setNote('');
    const task = uploadFile(file, { biz, onProgress: setPercent });
    setAbort(() => task.abort);
    // read the length and the cover while the upload runs
    const facts = readVideoFacts(file).then(async (f) => {
      if (!f) return setNote(t('浏览器无法读取此视频的时长和画面，请手动填写时长、上传封面'));
      if (f.durationSeconds) form.setFieldValue('durationSeconds', f.durationSeconds);
      if (f.cover) {
        const cover = await uploadFile(f.cover, { biz }).done;
        if (cover.ok) form.setFieldValue('cover', cover.path);
      }
    });
    const r = await task.done;
    setAbort(null);
    if (r.ok) {
      setPercent(100);
      onChange?.(r.path);
      form.setFieldValue('fileSize', file.size);
      await facts;
    } else {
      setPercent(null);
      if (!('aborted' in r && r.aborted)) void message.error(t('{name} 上传失败：{message}', { name: file.name, message: r.message }));
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button icon={<UploadOutlined />} disabled={!!abort} onClick={() => input.current?.click()}>
          {value ? t('更换视频') : t('选择视频')}
        </Button>
        {abort && (
          <Button danger onClick={() => abort()}>
            {t('停止上传')}
          </Button>
        )}
        {value && !abort && <Typography.Text>{displayName(value)}</Typography.Text>}
      </Space>
      <input
        ref={input}
        type="file"
        accept="video/*"
        aria-label={t('视频文件')}
        style={{ display: 'none' }}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void choose(file);
        }}
      />
      {percent !== null && <Progress percent={percent} size="small" status={abort ? 'active' : 'normal'} />}
      {note && <Typography.Text type="warning">{note}</Typography.Text>}
    </Space>
  );
}
