// Certificates and competition teams: the student's own certificates, the public check of a code, joining
// a team (ask, captain answers), a class teacher's arrangement of teams, and an activity's ranking.
import type { ActivityRanking, CertificateCard, CertificateCheck, MyTeamState } from '@anxue/shared';
import { http } from '../../../../lib/http';

const quiet = { silent: true };

export interface TeachTeams {
  classId: string;
  className: string;
  activities: Array<{ id: string; title: string }>;
  teams: Array<{ id: string; name: string; slogan: string | null; activityId: string | null; activityTitle: string | null; members: Array<{ userId: string; realname: string; memberRole: 'captain' | 'member' }> }>;
  students: Array<{ userId: string; realname: string; teamId: string | null; teamName: string | null }>;
}

export const certificateApi = {
  mine: () => http.get<CertificateCard[]>('/students/study/certificates', undefined, quiet),
  one: (id: string) => http.get<CertificateCard>('/students/study/certificate', { id }, quiet),
  verify: (code: string) => http.get<CertificateCheck>(`/students/certificate/verify/${encodeURIComponent(code)}`, undefined, quiet),
};

/** The public page of a code, as an address anyone can open (the QR code on the print page). */
export const verifyAddress = (code: string) => `${window.location.origin}/certificate/${encodeURIComponent(code)}`;

export const teamApi = {
  mine: () => http.get<MyTeamState>('/students/study/team/mine', undefined, quiet),
  request: (teamId: string) => http.post<null>('/students/study/team/request', { teamId }),
  withdraw: (requestId: string) => http.post<null>('/students/study/team/withdraw', { requestId }),
  decide: (requestId: string, accept: boolean) => http.post<null>('/students/study/team/decide', { requestId, accept }),
  leave: () => http.post<null>('/students/study/team/leave', {}),
  ranking: (activityId: string) => http.get<ActivityRanking>('/students/study/activity/ranking', { activityId }, quiet),
  teachTeams: (classId: string) => http.get<TeachTeams>('/students/teach/teams', { classId }, quiet),
  add: (body: { classId: string; name: string; slogan?: string; activityId?: string }) => http.post<{ id: string }>('/students/teach/team/add', body),
  assign: (teamId: string, userId: string, captain?: boolean) => http.post<null>('/students/teach/team/assign', { teamId, userId, ...(captain ? { captain } : {}) }),
  remove: (teamId: string, userId: string) => http.post<null>('/students/teach/team/remove', { teamId, userId }),
};
