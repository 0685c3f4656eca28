// Certificates and competition teams of the student area: recognition without pressure.

export type CertificateKind = 'course' | 'activity';

/** One of the student's own certificates (GET /students/study/certificates). */
export interface CertificateCard {
  id: string;
  kind: CertificateKind;
  refId: string;
  /** what was completed, as titled when it was issued */
  title: string;
  /** the student's name when it was issued */
  realname: string;
  /** the school (the install's site name) when it was issued */
  school: string;
  /** YYYY-MM-DD: when the work was completed */
  issuedDate: string;
  /** the verification code, grouped as XXXX-XXXX-XXXX */
  code: string;
  /** YYYY-MM-DD when the school revoked it (issued by mistake); null while it stands */
  revokedDate: string | null;
}

/** What anyone may learn from a code (GET /students/certificate/verify/{code}): these facts only. */
export interface CertificateCheck {
  name: string;
  work: string;
  date: string;
  /** YYYY-MM-DD when the school revoked it; null while it stands (the reason is the school's own) */
  revokedDate: string | null;
}

/** The verification code's letters: no 0/O or 1/I, 32 of them (5 bits each). */
export const CERTIFICATE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 12;

/** A typed code as stored: upper case, without spaces or dashes. */
export const normalizeCertificateCode = (s: string): string => s.toUpperCase().replace(/[\s-]/g, '');
/** A stored code as shown: XXXX-XXXX-XXXX. */
export const formatCertificateCode = (code: string): string => code.replace(/(.{4})(?=.)/g, '$1-');

/** A request to join a team, as its captain or the student who sent it sees it. */
export interface TeamRequestView {
  id: string;
  teamId: string;
  teamName: string;
  userId: string;
  realname: string;
  status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
  createTime: string;
}

/** A team a student may ask to join. */
export interface JoinableTeam {
  id: string;
  name: string;
  slogan: string | null;
  activityId: string | null;
  activityTitle: string | null;
  memberCount: number;
  captain: string | null;
}

/** The caller's place in the teams (GET /students/study/team/mine). */
export interface MyTeamState {
  team: { id: string; name: string; memberRole: 'captain' | 'member'; activityId: string | null; activityTitle: string | null } | null;
  /** requests the caller sent that are still waiting */
  sent: TeamRequestView[];
  /** requests to the caller's team waiting for the caller (a captain) */
  incoming: TeamRequestView[];
  /** teams the caller may ask to join (none while in a team) */
  joinable: JoinableTeam[];
}

/** A participant's place in a competition activity (only an activity that is a competition ranks people). */
export interface IndividualRanking {
  userId: string;
  realname: string;
  score: number;
  rank: number;
}
export interface ActivityRanking {
  activityId: string;
  title: string;
  teams: Array<{ id: string; name: string; score: number; rank: number }>;
  /** participants with a result, best first; empty unless the activity is a competition */
  individuals: IndividualRanking[];
  competition: boolean;
}
