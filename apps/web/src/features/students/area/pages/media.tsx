// 安全图片 / 安全视频 / 安全海报 / 安全技能: lists on the shared card list, and their detail pages.
import type { ReactNode } from 'react';
import { FileImageOutlined, PictureOutlined, PlayCircleFilled, ToolOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { StudyCardBase } from '@anxue/shared/students';
import { studyApi } from '../api';
import { t } from '../../../../lib/i18n';
import { clock } from '../components/format';
import { PageTitle } from '../components/PageTitle';
import { QueryState } from '../components/QueryState';
import { CategoryTags, StudyCardList } from '../components/StudyCardList';
import { Panel } from '../components/ui';
import { ZoomImage, type ZoomPicture } from '../components/ui/ZoomImage';

const durationBadge = (seconds: number) =>
  seconds > 0 ? (
    <span style={{ position: 'absolute', right: 6, bottom: 6, background: 'rgba(0,0,0,.6)', color: '#fff', borderRadius: 4, padding: '0 6px', fontSize: 12 }}>
      {clock(seconds)}
    </span>
  ) : null;

export function PictureList() {
  return (
    <>
      <PageTitle title={t('安全图片')} />
      <StudyCardList
        name="pictures"
        fetch={studyApi.pictures}
        icon={<PictureOutlined />}
        emptyText={t('还没有安全图片')}
        to={(p) => `/students/picture/${p.id}`}
        face={(p) => ({ cover: p.cover, body: <div className="area-muted">{t('共 {n} 张', { n: p.imageCount })}</div> })}
      />
    </>
  );
}

export function VideoList() {
  return (
    <>
      <PageTitle title={t('安全视频')} />
      <StudyCardList
        name="videos"
        fetch={studyApi.videos}
        icon={<VideoCameraOutlined />}
        emptyText={t('还没有安全视频')}
        to={(v) => `/students/video/${v.id}`}
        face={(v) => ({
          cover: v.cover,
          overlay: (
            <>
              <PlayCircleFilled style={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%,-50%)', fontSize: 36, color: 'rgba(255,255,255,.9)' }} />
              {durationBadge(v.durationSeconds)}
            </>
          ),
        })}
      />
    </>
  );
}

export function PosterList() {
  return (
    <>
      <PageTitle title={t('安全海报')} />
      <StudyCardList name="posters" fetch={studyApi.posters} icon={<FileImageOutlined />} emptyText={t('还没有安全海报')} to={(p) => `/students/poster/${p.id}`} face={(p) => ({ cover: p.image })} />
    </>
  );
}

export function SkillList() {
  return (
    <>
      <PageTitle title={t('安全技能')} />
      <StudyCardList
        name="skills"
        fetch={studyApi.skills}
        icon={<ToolOutlined />}
        emptyText={t('还没有安全技能')}
        to={(s) => `/students/skill/${s.id}`}
        face={(s) => ({
          cover: s.cover,
          body: (
            <>
              {s.summary && <div className="area-muted">{s.summary}</div>}
              <div className="area-muted">{t('共 {n} 步', { n: s.stepCount })}</div>
            </>
          ),
        })}
      />
    </>
  );
}

/** A detail page: fetched by the route's id, titled, with its category and description. */
function Detail<T extends StudyCardBase>({
  name,
  load,
  back,
  description,
  children,
}: {
  name: string;
  load: (id: string) => Promise<T>;
  back: { to: string; label: string };
  description: (item: T) => string | null | undefined;
  children: (item: T) => ReactNode;
}) {
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['study', name, id], queryFn: () => load(id) });
  return (
    <QueryState query={query}>
      {(item) => (
        <>
          <PageTitle title={item.title} back={back} />
          <div style={{ marginBottom: 8 }}>
            <CategoryTags item={item} />
          </div>
          {children(item)}
          {description(item) && <p style={{ margin: '12px 0 0', whiteSpace: 'pre-wrap' }}>{description(item)}</p>}
        </>
      )}
    </QueryState>
  );
}

export function PictureDetail() {
  return (
    <Detail name="picture" load={studyApi.picture} back={{ to: '/students/pictureList', label: t('安全图片') }} description={(p) => p.description}>
      {(p) =>
        p.images.length === 0 ? (
          <Panel>{t('这组图片还没有上传图片。')}</Panel>
        ) : (
          <PictureSet pictures={p.images.map((src, i) => ({ src, alt: t('{title} 第 {n} 张', { title: p.title, n: i + 1 }) }))} />
        )
      }
    </Detail>
  );
}

function PictureSet({ pictures }: { pictures: ZoomPicture[] }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {pictures.map((p) => (
        <ZoomImage key={p.src} src={p.src} alt={p.alt} set={pictures} />
      ))}
    </div>
  );
}

export function VideoDetail() {
  return (
    <Detail name="video" load={studyApi.video} back={{ to: '/students/videoList', label: t('安全视频') }} description={(v) => v.description}>
      {(v) =>
        v.url ? (
          <video className="area-media" src={v.url} poster={v.cover ?? undefined} controls playsInline preload="metadata" aria-label={v.title} />
        ) : (
          <Panel>{t('这个视频的文件还没有上传。')}</Panel>
        )
      }
    </Detail>
  );
}

export function PosterDetail() {
  return (
    <Detail name="poster" load={studyApi.poster} back={{ to: '/students/posterList', label: t('安全海报') }} description={(p) => p.description}>
      {(p) => (p.image ? <ZoomImage src={p.image} alt={p.title} /> : <Panel>{t('这张海报还没有上传图片。')}</Panel>)}
    </Detail>
  );
}

export function SkillDetail() {
  return (
    <Detail name="skill" load={studyApi.skill} back={{ to: '/students/skillList', label: t('安全技能') }} description={(s) => s.summary}>
      {(s) => (
        <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 }} aria-label={t('步骤')}>
          {s.steps.map((step) => (
            <li key={step.stepNo}>
              <Panel>
                <div style={{ display: 'flex', gap: 10, alignItems: 'flex-start' }}>
                  <span
                    style={{ flex: 'none', width: 28, height: 28, lineHeight: '28px', textAlign: 'center', borderRadius: '50%', background: '#1677ff', color: '#fff', fontWeight: 600 }}
                    aria-label={t('第 {n} 步', { n: step.stepNo })}
                  >
                    {step.stepNo}
                  </span>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <div style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>{step.content}</div>
                    {step.image && <ZoomImage src={step.image} alt={t('第 {n} 步', { n: step.stepNo })} style={{ marginTop: 8 }} />}
                  </div>
                </div>
              </Panel>
            </li>
          ))}
        </ol>
      )}
    </Detail>
  );
}
