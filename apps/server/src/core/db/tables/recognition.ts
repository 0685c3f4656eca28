// Tables of certificates and competition-team requests (migration 0048), camelCase as the CamelCasePlugin presents them.
import type { ColumnType } from 'kysely';

type Tenant = { tenantId: ColumnType<number, number | undefined, number> };

export interface StuCertificateTable extends Tenant {
  id: string;
  userId: string;
  /** course | activity */
  kind: string;
  refId: string;
  /** what was completed, as titled at issue */
  title: string;
  /** the student's name at issue */
  realname: string;
  /** the install's site name at issue */
  school: string;
  /** YYYY-MM-DD */
  issuedDate: string;
  code: string;
  createTime: string | null;
  /** set when the back-office revoked it: the public check then says so */
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
}
export interface StuCertificateMissTable {
  id: string;
  clientIp: string;
  createTime: string;
}
export interface StuActivityHazardTable extends Tenant {
  id: string;
  activityId: string;
  sceneId: string;
  sortNo: ColumnType<number, number | undefined, number>;
}
export interface StuTeamRequestTable extends Tenant {
  id: string;
  teamId: string;
  userId: string;
  /** pending | accepted | declined | withdrawn */
  status: string;
  createTime: string;
  decidedBy: string | null;
  decidedTime: string | null;
}

export interface RecognitionTables {
  stuCertificate: StuCertificateTable;
  stuCertificateMiss: StuCertificateMissTable;
  stuActivityHazard: StuActivityHazardTable;
  stuTeamRequest: StuTeamRequestTable;
}
