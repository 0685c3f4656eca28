// Tables of 危险预判, hazard perception on video (migration 0051), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };
type Def<V> = ColumnType<V, V | undefined, V>;
/** epoch ms; PostgreSQL answers bigint as text */
type Millis = ColumnType<number | string, number, number>;

export interface StuHazardClipTable extends Tenant {
  id: string;
  title: string;
  filePath: string;
  cover: string | null;
  durationSeconds: number;
  description: string | null;
  /** JSON [{start, end, region, title, explanation}] */
  windowsJson: string | null;
  burstTaps: Def<number>;
  burstSeconds: Def<number>;
  rhythmTaps: Def<number>;
  rhythmTolerance: Def<number>;
  category: string | null;
  gradeBand: string | null;
  published: Def<number>;
  sortNo: Def<number>;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}
export interface StuHazardClipRunTable extends Tenant {
  id: string;
  clipId: string;
  userId: string;
  /** open | done */
  status: string;
  startedAt: Millis;
  submittedAt: ColumnType<number | string | null, number | null | undefined, number | null>;
  durationSeconds: number;
  tapsJson: string | null;
  windowsJson: string | null;
  score: Def<number>;
  maxScore: Def<number>;
  patterned: Def<number>;
  createTime: string | null;
}

export interface HazardClipTables {
  stuHazardClip: StuHazardClipTable;
  stuHazardClipRun: StuHazardClipRunTable;
}
