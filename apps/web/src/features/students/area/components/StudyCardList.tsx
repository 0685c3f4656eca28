// The study lists (courses, pictures, videos, posters, skills): filters by category and keyword, cards
// linking to the detail, pages; loading, error and empty states. One component, configured per list.
import { useState, type ReactNode } from 'react';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PageResult } from '@anxue/shared/wire';
import type { StudyCardBase } from '@anxue/shared/students';
import { STUDENT_DICTS } from '@anxue/shared/students-base';
import { t } from '../../../../lib/i18n';
import type { StudyPageQuery } from '../api';
import { Cover } from './Cover';
import { DictPicker } from './DictPicker';
import { QueryState } from './QueryState';
import { Pager, Panel, SearchBox, Tag } from './ui';

export interface CardFace {
  cover: string | null;
  /** e.g. a play icon or the duration over the cover */
  overlay?: ReactNode;
  body?: ReactNode;
}

export interface StudyCardListProps<T extends StudyCardBase> {
  /** distinguishes the lists in the query cache */
  name: string;
  fetch: (q: StudyPageQuery) => Promise<PageResult<T>>;
  face: (item: T) => CardFace;
  to: (item: T) => string;
  emptyText: string;
  icon?: ReactNode;
  pageSize?: number;
}

export function CategoryTags({ item }: { item: StudyCardBase }) {
  return (
    <>
      {item.category_dictText || item.category ? <Tag color="blue">{item.category_dictText ? t(item.category_dictText) : item.category}</Tag> : null}
      {item.gradeBand_dictText || item.gradeBand ? <Tag>{item.gradeBand_dictText ? t(item.gradeBand_dictText) : item.gradeBand}</Tag> : null}
    </>
  );
}

export function StudyCardList<T extends StudyCardBase>({ name, fetch, face, to, emptyText, icon, pageSize = 12 }: StudyCardListProps<T>) {
  const [pageNo, setPageNo] = useState(1);
  const [category, setCategory] = useState<string>();
  const [keyword, setKeyword] = useState<string>();
  const query = useQuery({
    queryKey: ['study', name, { pageNo, pageSize, category, keyword }],
    queryFn: () => fetch({ pageNo, pageSize, category, keyword }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <div className="area-filters">
        <DictPicker
          dictCode={STUDENT_DICTS.category}
          label={t('分类')}
          placeholder={t('全部分类')}
          value={category}
          onChange={(v) => {
            setCategory(v);
            setPageNo(1);
          }}
        />
        <SearchBox
          placeholder={t('搜索标题')}
          onSearch={(v) => {
            setKeyword(v || undefined);
            setPageNo(1);
          }}
        />
      </div>
      <QueryState query={query} empty={(d) => d.records.length === 0} emptyText={keyword || category ? t('没有找到符合条件的内容') : emptyText}>
        {(data) => (
          <>
            <div className="area-grid">
              {data.records.map((item) => {
                const f = face(item);
                return (
                  <Link key={item.id} to={to(item)} className="area-card-link">
                    <Panel className="area-study-card" cover={<Cover src={f.cover} alt={item.title} icon={icon} overlay={f.overlay} />}>
                      <div className="area-card-title">{item.title}</div>
                      <div>
                        <CategoryTags item={item} />
                      </div>
                      {f.body}
                    </Panel>
                  </Link>
                );
              })}
            </div>
            <Pager current={pageNo} pageSize={pageSize} total={data.total} onChange={setPageNo} />
          </>
        )}
      </QueryState>
    </>
  );
}
