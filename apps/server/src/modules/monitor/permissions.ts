// Permission codes of the operations pages: the original's for online users, ours for the figures it
// left to its actuator filter.
export const ONLINE_LIST = 'system:online:list';
export const ONLINE_FORCE_LOGOUT = 'system:online:forceLogout';
/** System, disk, Node.js runtime, database and Redis figures, and the HTTP trace. */
export const MONITOR_VIEW = 'monitor:server:view';
/** The Prometheus text at /metrics (an administrator's scrape token). */
export const METRICS_READ = 'monitor:metrics:read';
