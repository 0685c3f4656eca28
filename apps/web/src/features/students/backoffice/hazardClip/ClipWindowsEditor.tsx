// The hazard windows of a 危险预判 clip, marked while watching it: play the clip, press 标记开始 when a
// hazard starts to develop and 标记结束 when it is too late to react; the window joins the list, where its
// times, title, explanation and (optionally) the part of the frame can be edited. The bar above the list
// shows every window over the clip's length and where the player is.
import { useEffect, useRef, useState } from 'react';
import { DeleteOutlined, FlagOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Input, InputNumber, Space, Tag, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import type { ClipRegion } from '@anxue/shared/hazard-clip';
import { http } from '../../../../lib/http';
import { staticPath } from '../../../../lib/files';
import { t } from '../../../../lib/i18n';

export interface ClipWindowDraft {
  start: number;
  end: number;
  region: ClipRegion | null;
  title: string;
  explanation: string;
}

const round = (s: number) => Math.round(s * 10) / 10;

/** The same checks as the server's, so an editor sees them before saving. */
export function windowsRule(duration: () => number | undefined): Rule {
  return {
    validator: async (_r, value: ClipWindowDraft[] | undefined) => {
      if (!value?.length) throw new Error(t('请至少标出一个危险时段'));
      const d = Number(duration() ?? 0);
      for (const [i, w] of value.entries()) {
        if (!(Number(w.end) > Number(w.start))) throw new Error(t('第{n}个危险时段：结束时间必须晚于开始时间', { n: i + 1 }));
        if (d > 0 && Number(w.end) > d) throw new Error(t('第{n}个危险时段：结束时间不能超过视频时长', { n: i + 1 }));
        if (!w.title?.trim()) throw new Error(t('请填写第{n}个危险时段的标题', { n: i + 1 }));
      }
    },
  };
}

/** The stored video as a page-local address (the file route needs the signed-in token, a <video> cannot send it). */
function useStoredVideo(path: string | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setUrl(null);
    setFailed(false);
    if (!path) return;
    let made: string | null = null;
    let live = true;
    http
      .blob(staticPath(path), undefined, { silent: true })
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return { url, failed };
}

export function ClipWindowsEditor({ value, onChange, filePath, duration }: { value?: ClipWindowDraft[]; onChange?: (v: ClipWindowDraft[]) => void; filePath?: string; duration?: number }) {
  const windows = value ?? [];
  const video = useRef<HTMLVideoElement>(null);
  const [now, setNow] = useState(0);
  const [pendingStart, setPendingStart] = useState<number | null>(null);
  const { url, failed } = useStoredVideo(filePath);
  const length = Number(duration) > 0 ? Number(duration) : 0;
  const put = (next: ClipWindowDraft[]) => onChange?.([...next].sort((a, b) => a.start - b.start));
  const set = (i: number, patch: Partial<ClipWindowDraft>) => onChange?.(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const at = () => round(video.current?.currentTime ?? now);

  const markEnd = () => {
    if (pendingStart === null) return;
    const end = at();
    if (end <= pendingStart) return;
    put([...windows, { start: pendingStart, end, region: null, title: '', explanation: '' }]);
    setPendingStart(null);
  };
  const pct = (s: number) => (length ? `${Math.min(100, (s / length) * 100)}%` : '0%');

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {!filePath ? (
        <Alert type="info" showIcon message={t('先选择视频，再边看边标出危险时段')} />
      ) : failed ? (
        <Alert type="warning" showIcon message={t('视频读取失败，可以直接填写时间')} />
      ) : (
        <video ref={video} src={url ?? undefined} controls playsInline style={{ width: '100%', maxHeight: 320, background: '#000' }} onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)} aria-label={t('视频预览')} />
      )}
      <Space wrap>
        <Button icon={<FlagOutlined />} disabled={!url} onClick={() => setPendingStart(at())}>
          {t('标记开始')}
        </Button>
        <Button type="primary" icon={<StopOutlined />} disabled={pendingStart === null} onClick={markEnd}>
          {t('标记结束')}
        </Button>
        <Typography.Text type="secondary">
          {t('当前 {s} 秒', { s: round(now) })}
          {pendingStart !== null ? ` · ${t('开始于 {s} 秒', { s: pendingStart })}` : ''}
        </Typography.Text>
      </Space>
      {length > 0 && (
        <div className="clip-edit-bar" aria-hidden>
          {windows.map((w, i) => (
            <div key={i} className="clip-edit-window" style={{ left: pct(w.start), width: `calc(${pct(w.end)} - ${pct(w.start)})` }}>
              {i + 1}
            </div>
          ))}
          {pendingStart !== null && <div className="clip-edit-pending" style={{ left: pct(pendingStart) }} />}
          <div className="clip-edit-cursor" style={{ left: pct(now) }} />
        </div>
      )}
      {windows.map((w, i) => (
        <div key={i} className="clip-edit-row">
          <Space wrap align="center">
            <Tag color="orange">{t('危险{n}', { n: i + 1 })}</Tag>
            <InputNumber aria-label={t('第{n}个危险时段的开始（秒）', { n: i + 1 })} addonBefore={t('开始')} min={0} step={0.1} value={w.start} onChange={(v) => set(i, { start: Number(v ?? 0) })} style={{ width: 150 }} />
            <InputNumber aria-label={t('第{n}个危险时段的结束（秒）', { n: i + 1 })} addonBefore={t('结束')} min={0} step={0.1} value={w.end} onChange={(v) => set(i, { end: Number(v ?? 0) })} style={{ width: 150 }} />
            <Button danger icon={<DeleteOutlined />} aria-label={t('删除第{n}个危险时段', { n: i + 1 })} onClick={() => put(windows.filter((_x, j) => j !== i))} />
          </Space>
          <Input aria-label={t('第{n}个危险时段的标题', { n: i + 1 })} placeholder={t('标题，如：皮球滚到路上')} maxLength={200} value={w.title} onChange={(e) => set(i, { title: e.target.value })} />
          <Input.TextArea aria-label={t('第{n}个危险时段的说明', { n: i + 1 })} placeholder={t('回看时给学生的说明')} rows={2} maxLength={1000} value={w.explanation} onChange={(e) => set(i, { explanation: e.target.value })} />
          <Space wrap align="center">
            <Typography.Text type="secondary">{t('画面区域（可选，0–1 的比例）')}</Typography.Text>
            {(['x', 'y', 'w', 'h'] as const).map((k) => (
              <InputNumber
                key={k}
                aria-label={t('第{n}个危险时段的区域{k}', { n: i + 1, k })}
                addonBefore={k}
                min={0}
                max={1}
                step={0.05}
                value={w.region?.[k] ?? null}
                onChange={(v) => {
                  const region = { x: 0, y: 0, w: 1, h: 1, ...w.region, [k]: v === null ? undefined : Number(v) } as ClipRegion;
                  const empty = (['x', 'y', 'w', 'h'] as const).every((key) => region[key] === undefined);
                  set(i, { region: empty ? null : region });
                }}
                style={{ width: 110 }}
              />
            ))}
          </Space>
        </div>
      ))}
    </Space>
  );
}
