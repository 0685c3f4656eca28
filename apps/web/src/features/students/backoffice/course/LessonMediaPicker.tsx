// Picks the video, picture set or poster a lesson shows, from the existing media lists; a video's
// length becomes the lesson's length (still editable).
import type { FormInstance } from 'antd';
import type { LessonKind } from '@anxue/shared';
import { EntityPicker } from '../../../../components/pickers';
import { t } from '../../../../lib/i18n';

/** Chinese, shown through t() where rendered. */
const MEDIA_NAMES: Partial<Record<LessonKind, string>> = { video: '视频', picture: '图片', poster: '海报' };
export const isMediaKind = (kind: unknown): kind is 'video' | 'picture' | 'poster' => typeof kind === 'string' && kind in MEDIA_NAMES;

export function LessonMediaPicker({ kind, value, onChange, form }: { kind: 'video' | 'picture' | 'poster'; value?: string | null; onChange?: (v: string | null) => void; form: FormInstance }) {
  return (
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
  );
}
