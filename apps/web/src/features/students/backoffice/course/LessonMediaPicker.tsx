// Picks the video, picture set or poster a lesson shows, from the existing media lists, or uploads a
// new one from the lesson form: the upload becomes an item of the library (unpublished, as any new
// item) and the lesson's choice. A video's length becomes the lesson's length (still editable).
import { useRef, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Progress, Space, Typography, type FormInstance } from 'antd';
import type { LessonKind } from '@anxue/shared';
import { EntityPicker } from '../../../../components/pickers';
import { displayName, uploadFile } from '../../../../lib/files';
import { http, type HttpError } from '../../../../lib/http';
import { usePermission } from '../../../../lib/permission';
import { t } from '../../../../lib/i18n';
import { readVideoFacts } from '../video/videoFacts';

/** Chinese, shown through t() where rendered. */
const MEDIA_NAMES: Partial<Record<LessonKind, string>> = { video: '视频', picture: '图片', poster: '海报' };
export const isMediaKind = (kind: unknown): kind is 'video' | 'picture' | 'poster' => typeof kind === 'string' && kind in MEDIA_NAMES;
type MediaKind = 'video' | 'picture' | 'poster';

export function LessonMediaPicker({ kind, value, onChange, form }: { kind: MediaKind; value?: string | null; onChange?: (v: string | null) => void; form: FormInstance }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <EntityPicker<{ id: string; title: string; durationSeconds?: number }>
        key={kind}
        value={value ?? ''}
        listUrl={`/students/${kind}/list`}
        displayKey="title"
        queryParamCode="title"
        queryParamText={t('标题')}
        columns={[{ dataIndex: 'title', title: t('标题') }]}
        multiple={false}
        name={t(MEDIA_NAMES[kind] ?? '')}
        onChange={(v, rows) => {
          onChange?.(v || null);
          const seconds = rows[0]?.durationSeconds;
          if (kind === 'video' && seconds) form.setFieldValue('durationSeconds', Number(seconds));
        }}
      />
      <LessonMediaUpload key={`upload-${kind}`} kind={kind} form={form} onCreated={(id) => onChange?.(id)} />
    </Space>
  );
}

/** A file's name without the extension: the new item's title when the lesson has none yet. */
const baseName = (file: File) => displayName(file.name).replace(/\.[^.]+$/, '');

/**
 * Uploads the files, adds the library item and answers its id. The add call answers no id, so the item
 * is found again by its stored file, whose path is unique.
 */
async function createMedia(kind: MediaKind, title: string, paths: string[], extra: Record<string, unknown>): Promise<string> {
  const [first] = paths;
  const body = kind === 'video' ? { title, filePath: first, ...extra } : kind === 'picture' ? { title, images: paths.join(',') } : { title, image: first };
  await http.post(`/students/${kind}/add`, body, { silent: true });
  // a picture set's first image is its cover
  const by = kind === 'video' ? { filePath: first } : kind === 'picture' ? { cover: first } : { image: first };
  const page = await http.get<{ records: { id: string }[] }>(`/students/${kind}/list`, { ...by, pageNo: 1, pageSize: 1 }, { silent: true });
  const id = page?.records[0]?.id;
  if (!id) throw new Error(t('已上传，但未在资源库中找到，请从资源库选择'));
  return id;
}

function LessonMediaUpload({ kind, form, onCreated }: { kind: MediaKind; form: FormInstance; onCreated: (id: string) => void }) {
  const { has } = usePermission();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const name = t(MEDIA_NAMES[kind] ?? '');
  if (!has(`students:${kind}:add`)) return null;

  const upload = async (files: File[]) => {
    const accepted = files.filter((f) => (kind === 'video' ? f.type.startsWith('video/') : f.type.startsWith('image/')));
    if (!accepted.length) return setError(kind === 'video' ? t('请选择视频文件') : t('请选择图片文件'));
    setBusy(true);
    setError('');
    setDone('');
    setPercent(0);
    try {
      const title = String(form.getFieldValue('title') ?? '').trim() || baseName(accepted[0]);
      const extra: Record<string, unknown> = {};
      if (kind === 'video') {
        const file = accepted[0];
        const facts = await readVideoFacts(file);
        const seconds = facts?.durationSeconds || Number(form.getFieldValue('durationSeconds')) || 0;
        if (!seconds) throw new Error(t('浏览器无法读取此视频的时长，请先填写时长(秒)再上传'));
        extra.durationSeconds = seconds;
        extra.fileSize = file.size;
        if (facts?.cover) {
          const cover = await uploadFile(facts.cover, { biz: 'students' }).done;
          if (cover.ok) extra.cover = cover.path;
        }
      }
      const paths: string[] = [];
      for (const [i, file] of accepted.entries()) {
        const r = await uploadFile(file, { biz: 'students', onProgress: (p) => setPercent(Math.round((i * 100 + p) / accepted.length)) }).done;
        if (!r.ok) throw new Error(t('{name} 上传失败：{message}', { name: file.name, message: r.message }));
        paths.push(r.path);
      }
      const id = await createMedia(kind, title, paths, extra);
      setPercent(100);
      if (kind === 'video') form.setFieldValue('durationSeconds', extra.durationSeconds);
      onCreated(id);
      setDone(t('已存入资源库：{title}', { title }));
    } catch (e) {
      setPercent(null);
      setError((e as HttpError | Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
        {t('上传新{name}', { name })}
      </Button>
      <input
        ref={input}
        type="file"
        accept={kind === 'video' ? 'video/*' : 'image/*'}
        multiple={kind === 'picture'}
        aria-label={t('上传新{name}', { name })}
        style={{ display: 'none' }}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) void upload(files);
        }}
      />
      {percent !== null && busy && <Progress percent={percent} size="small" status="active" />}
      {done && !busy && <Typography.Text type="secondary">{done}</Typography.Text>}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Space>
  );
}
