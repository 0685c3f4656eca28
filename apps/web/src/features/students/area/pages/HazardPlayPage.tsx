// 隐患排查, one play: tap the picture where the hazard is. The server judges each tap: a hit draws the
// region and explains it, a miss leaves a red cross and costs the penalty. "找到 X / N", hints, the
// timer (finishes the play at 0), 完成. A finished play shows every hazard with its risk and fix.
import { useCallback, useRef, useState } from 'react';
import { AimOutlined, BulbOutlined, CheckCircleFilled, FlagOutlined } from '@ant-design/icons';
import { Alert, Button, Card, List, Result, Space, Statistic, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { HazardClickResult, HazardPlayView, HazardRegionView } from '@anxue/shared/students';
import { Modal } from '../../../../lib/antd/static';
import { studyApi, studyKeys } from '../api';
import { t } from '../../../../lib/i18n';
import { clock } from '../components/format';
import { HazardPicture } from '../components/HazardPicture';
import { PageTitle } from '../components/PageTitle';
import { hazardSpeech, sentences, SpeakButton, useAutoRead } from '../components/readAloud';
import { QueryState } from '../components/QueryState';
import { useCountdown } from '../components/useCountdown';

export default function HazardPlayPage() {
  const { playId = '' } = useParams();
  const query = useQuery({ queryKey: studyKeys.hazardPlay(playId), queryFn: () => studyApi.hazardPlay(playId), staleTime: Infinity, gcTime: 0 });
  return (
    <QueryState query={query}>
      {(play) => (play.status === 'done' ? <HazardResult play={play} /> : <HazardPlaying key={query.dataUpdatedAt} initial={play} />)}
    </QueryState>
  );
}

type Feedback = { kind: 'hit'; region: HazardRegionView } | { kind: 'miss'; penalty: number } | { kind: 'again'; region: HazardRegionView | null };

function HazardPlaying({ initial }: { initial: HazardPlayView }) {
  const queryClient = useQueryClient();
  const [play, setPlay] = useState(initial);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [hint, setHint] = useState<{ cx: number; cy: number; r: number } | null>(null);
  const finishing = useRef(false);

  const finish = useMutation({
    mutationFn: () => studyApi.hazardFinish(play.id),
    onSuccess: (done) => {
      queryClient.setQueryData(studyKeys.hazardPlay(play.id), done);
      void queryClient.invalidateQueries({ queryKey: studyKeys.hazards });
    },
    onError: () => {
      finishing.current = false;
    },
  });
  const end = useCallback(() => {
    if (finishing.current) return;
    finishing.current = true;
    finish.mutate();
  }, [finish]);

  const left = useCountdown(play.remainingSeconds, end);

  // a refused tap or hint (time up, play closed elsewhere): the notice shows why; read the play again
  const reread = () => void queryClient.invalidateQueries({ queryKey: studyKeys.hazardPlay(play.id) });
  const click = useMutation({
    mutationFn: ({ x, y }: { x: number; y: number }) => studyApi.hazardClick(play.id, x, y),
    onError: reread,
    onSuccess: (r: HazardClickResult) => {
      const before = play.score;
      setPlay(r.play);
      if (r.alreadyFound) setFeedback({ kind: 'again', region: r.hit });
      else if (r.hit) {
        setFeedback({ kind: 'hit', region: r.hit });
        setHint(null);
      } else {
        setFeedback({ kind: 'miss', penalty: r.play.wrongPenalty });
      }
      // the server may close the play itself (all found, or time up): read the result with every hazard
      if (r.play.status === 'done') void queryClient.invalidateQueries({ queryKey: studyKeys.hazardPlay(play.id) });
    },
  });
  const askHint = useMutation({
    mutationFn: () => studyApi.hazardHint(play.id),
    onError: reread,
    onSuccess: (h) => {
      setPlay(h.play);
      setHint({ cx: h.cx, cy: h.cy, r: h.r });
    },
  });

  const hintsLeft = Math.max(0, play.hintsAllowed - play.hintsUsed);
  // read aloud: the task when the play opens, each found hazard's explanation as it shows
  const task = sentences([play.title, play.description, t('找出 {n} 处隐患', { n: play.requiredCount })]);
  const explained = feedback?.kind === 'hit' ? hazardSpeech(feedback.region, true) : null;
  useAutoRead(task);
  useAutoRead(explained);
  const confirmFinish = () =>
    Modal.confirm({
      title: t('完成排查'),
      content:
        play.foundCount < play.requiredCount
          ? t('还有隐患没找到（已找到 {found} / {required}），确定结束吗？', { found: play.foundCount, required: play.requiredCount })
          : t('确定结束并查看全部隐患吗？'),
      okText: t('结束'),
      cancelText: t('继续找'),
      onOk: end,
    });

  return (
    <>
      <div className="area-sticky-bar">
        <Space size="middle">
          <strong aria-label={t('找到')}>{t('找到 {found} / {required}', { found: play.foundCount, required: play.requiredCount })}</strong>
          <span className="area-muted">{t('失误 {n} 次', { n: play.missCount })}</span>
          <span className="area-muted">{t('得分 {score}', { score: play.score })}</span>
        </Space>
        {left !== null && (
          <span className={`area-timer${left <= 10 ? ' urgent' : ''}`} role="timer" aria-label={t('剩余时间')}>
            {clock(left)}
          </span>
        )}
      </div>
      <PageTitle title={play.title} extra={<SpeakButton text={task} label={t('朗读任务')} />} />
      {play.description && <div className="area-muted" style={{ marginBottom: 8 }}>{play.description}</div>}
      {play.image ? (
        <HazardPicture
          src={play.image}
          alt={play.title}
          width={play.imageWidth}
          height={play.imageHeight}
          regions={play.found.map((region) => ({ region, tone: 'found' }))}
          misses={play.misses}
          hint={hint}
          disabled={click.isPending || finish.isPending}
          onTap={(x, y) => click.mutate({ x, y })}
        />
      ) : (
        <Alert type="warning" message={t('这个场景还没有图片')} />
      )}
      <div aria-live="polite" style={{ marginTop: 12 }}>
        {feedback?.kind === 'hit' && (
          <Alert
            type="success"
            showIcon
            message={t('找到了：{title}', { title: feedback.region.title })}
            action={explained && <SpeakButton text={explained} label={t('朗读隐患说明')} />}
            description={
              <>
                {feedback.region.risk && <div>{t('危险：{text}', { text: feedback.region.risk })}</div>}
                {feedback.region.fix && <div>{t('怎么做：{text}', { text: feedback.region.fix })}</div>}
              </>
            }
          />
        )}
        {feedback?.kind === 'miss' && <Alert type="error" showIcon message={feedback.penalty > 0 ? t('这里没有隐患，扣 {n} 分', { n: feedback.penalty }) : t('这里没有隐患')} />}
        {feedback?.kind === 'again' && <Alert type="info" showIcon message={feedback.region ? t('这处隐患已经找到了：{title}', { title: feedback.region.title }) : t('这处隐患已经找到了')} />}
        {!feedback && <div className="area-muted">{t('仔细看图，发现隐患就点一下它。')}</div>}
      </div>
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
        <Button icon={<BulbOutlined />} disabled={hintsLeft === 0} loading={askHint.isPending} onClick={() => askHint.mutate()}>
          {t('提示（剩 {n} 次）', { n: hintsLeft })}
        </Button>
        <Button type="primary" icon={<FlagOutlined />} loading={finish.isPending} onClick={confirmFinish}>
          {t('完成')}
        </Button>
      </Space>
    </>
  );
}

function HazardResult({ play }: { play: HazardPlayView }) {
  const navigate = useNavigate();
  const regions = play.regions ?? play.found;
  const foundIds = new Set(play.found.map((r) => r.id));
  const again = useMutation({
    mutationFn: () => studyApi.startHazard(play.sceneId),
    onSuccess: (p) => navigate(`/students/danger/${p.id}`),
  });
  const passed = play.foundCount >= play.requiredCount;
  return (
    <>
      <PageTitle title={play.title} back={{ to: '/students/dangerQuestionList', label: t('隐患排查') }} />
      <Result
        status={passed ? 'success' : 'info'}
        icon={passed ? undefined : <AimOutlined />}
        title={passed ? t('排查完成，隐患都找到了！') : t('排查结束')}
        style={{ padding: '12px 0' }}
        extra={
          <Space size="large" wrap style={{ justifyContent: 'center' }}>
            <Statistic title={t('得分')} value={play.score} />
            <Statistic title={t('找到')} value={`${play.foundCount} / ${play.regionCount}`} />
            <Statistic title={t('失误')} value={play.missCount} suffix={t('次')} />
          </Space>
        }
      />
      {play.image && (
        <HazardPicture
          src={play.image}
          alt={play.title}
          width={play.imageWidth}
          height={play.imageHeight}
          regions={regions.map((region, i) => ({ region, tone: foundIds.has(region.id) ? 'found' : 'missed', number: i + 1 }))}
          misses={play.misses}
        />
      )}
      <Card size="small" title={t('全部隐患')} style={{ marginTop: 12 }}>
        <List
          dataSource={regions}
          renderItem={(r, i) => (
            <List.Item actions={[<SpeakButton key="read" text={hazardSpeech(r)} label={t('朗读隐患说明')} />]}>
              <List.Item.Meta
                title={
                  <Space>
                    <span>
                      {i + 1}. {r.title}
                    </span>
                    {foundIds.has(r.id) ? (
                      <Tag icon={<CheckCircleFilled />} color="success">
                        {t('已找到')}
                      </Tag>
                    ) : (
                      <Tag color="orange">{t('没找到')}</Tag>
                    )}
                  </Space>
                }
                description={
                  <>
                    {r.risk && <div>{t('危险：{text}', { text: r.risk })}</div>}
                    {r.fix && <div>{t('怎么做：{text}', { text: r.fix })}</div>}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'center' }}>
        <Link to="/students/dangerQuestionList">
          <Button>{t('返回列表')}</Button>
        </Link>
        <Button type="primary" loading={again.isPending} onClick={() => again.mutate()}>
          {t('再玩一次')}
        </Button>
      </Space>
    </>
  );
}
