// 分割面板: two panes side by side with a bar between them to drag (antd's Splitter); the left lists the
// chapters of a safety handbook, the right shows the chosen one. The panes' sizes show under the title.
import { useState } from 'react';
import { Card, Menu, Splitter, Typography } from 'antd';
import { t } from '../../../lib/i18n';

const CHAPTERS = [
  { key: 'fire', title: '消防安全', body: ['发现火情立即拨打 119，说清地址和火势。', '用湿毛巾捂住口鼻，弯腰沿疏散指示撤离。', '不乘坐电梯，不贪恋财物，不返回火场。'] },
  { key: 'traffic', title: '交通安全', body: ['过马路走人行横道，遵守信号灯。', '不在道路上追逐打闹。', '未满 12 周岁不骑自行车上路。'] },
  { key: 'water', title: '防溺水', body: ['不私自下水游泳。', '不擅自与他人结伴游泳。', '发现同伴溺水要呼救，不盲目下水施救。'] },
  { key: 'food', title: '食品安全', body: ['不购买“三无”食品。', '注意查看保质期。', '饭前便后要洗手。'] },
];
const MIN = '20%';

export default function SplitPanelPage() {
  const [chosen, setChosen] = useState(CHAPTERS[0].key);
  const [sizes, setSizes] = useState<number[]>([]);
  const chapter = CHAPTERS.find((c) => c.key === chosen) ?? CHAPTERS[0];
  const total = sizes.reduce((s, n) => s + n, 0);

  return (
    <Card
      title={t('分割面板')}
      extra={
        <Typography.Text type="secondary" aria-live="polite">
          {total > 0
            ? t('左侧 {left}%，右侧 {right}%', { left: Math.round((sizes[0] / total) * 100), right: Math.round((sizes[1] / total) * 100) })
            : t('拖动中间的分隔条调整两侧宽度')}
        </Typography.Text>
      }
    >
      <Splitter style={{ height: 420, border: '1px solid #f0f0f0' }} onResize={setSizes}>
        <Splitter.Panel defaultSize="30%" min={MIN} max="70%">
          <Menu
            mode="inline"
            aria-label={t('章节')}
            selectedKeys={[chosen]}
            onClick={(e) => setChosen(e.key)}
            items={CHAPTERS.map((c) => ({ key: c.key, label: t(c.title) }))}
            style={{ borderInlineEnd: 'none' }}
          />
        </Splitter.Panel>
        <Splitter.Panel min={MIN}>
          <div style={{ padding: 16 }}>
            <Typography.Title level={4}>{t(chapter.title)}</Typography.Title>
            <ol>
              {chapter.body.map((line) => (
                <li key={line}>{t(line)}</li>
              ))}
            </ol>
          </div>
        </Splitter.Panel>
      </Splitter>
    </Card>
  );
}
