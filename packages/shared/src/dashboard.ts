// What the home page (首页) and the workplace (工作台) read beyond the original's /sys/loginfo and
// /sys/visitInfo: apps/server/src/modules/dashboard answers it, apps/web/src/features/dashboard shows it.

/**
 * The tenant's figures (visits, sign-ins per day, new users, user totals, addresses): the 首页 menu's
 * button 查看统计数据. Without it the home page answers only the caller's own parts.
 */
export const DASHBOARD_FIGURES_PERMISSION = 'dashboard:analysis:view';

/** Learning completion: the tenant's (holders of students:teach) or the caller's own (students:study). */
export interface StudyFigures {
  scope: 'tenant' | 'mine';
  learners: number;
  lessonsStarted: number;
  lessonsFinished: number;
  attemptsSubmitted: number;
  attemptsPassed: number;
  /** Distinct (learner, paper) pairs with a passed attempt. */
  papersPassed: number;
}

export interface DashboardAnnouncement {
  id: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  priority: string;
  msgCategory: string;
  readFlag: number;
}

/** GET /sys/dashboard/analysis */
export interface AnalysisFigures {
  /** Null without DASHBOARD_FIGURES_PERMISSION. */
  newUsers: { today: number; month: number; total: number } | null;
  /** 30 entries, oldest first, today last; day is YYYY-MM-DD. Null without DASHBOARD_FIGURES_PERMISSION. */
  loginsByDay: { day: string; logins: number; users: number }[] | null;
  announcements: DashboardAnnouncement[];
  study: StudyFigures | null;
}

export interface RecentOperation {
  id: string;
  logContent: string | null;
  operateType: number | null;
  requestType: string | null;
  requestUrl: string | null;
  outcome: string | null;
  createTime: string | null;
}

/** GET /sys/dashboard/workplace */
export interface WorkplaceFigures {
  unreadAnnouncements: number;
  unreadMessages: number;
  recent: RecentOperation[];
  /** For holders of students:study: unfinished lessons, open activities of my classes, their papers not yet passed. */
  study: { unfinishedLessons: number; openActivities: number; papersToPass: number } | null;
  /** For holders of students:teach: the classes I teach and their students. */
  teach: { classes: number; students: number } | null;
}

/** One unread announcement or system message of the caller (the task page). */
export interface UnreadNotice {
  id: string;
  titile: string;
  msgCategory: string;
  priority: string;
  sender: string | null;
  sendTime: string | null;
}

/** A failed run of a scheduled job (the task page, for holders of system:quartzJob:list). */
export interface FailedJobRun {
  id: string;
  jobId: string;
  jobClassName: string;
  description: string | null;
  startTime: string;
  error: string | null;
}

/** GET /sys/dashboard/tasks */
export interface TaskFigures {
  /** The caller's unread released announcements and messages, newest first (at most 20). */
  unread: UnreadNotice[];
  /** Failed runs of the last 7 days, newest first (at most 20); null when the caller may not see jobs. */
  failedJobs: FailedJobRun[] | null;
}

/** GET /sys/dashboard/charts: live figures of the caller's tenant for the chart page. */
export interface ChartFigures {
  /** 30 entries, oldest first, as in AnalysisFigures. */
  loginsByDay: { day: string; logins: number; users: number }[];
  /** Users (not deleted) per department of the tenant, most first; users in no department are left out. */
  usersByDepart: { departName: string; users: number }[];
  /** 12 entries, oldest first, this month last; month is YYYY-MM; released notices and system messages. */
  announcementsByMonth: { month: string; notices: number; messages: number }[];
  study: StudyFigures | null;
}
