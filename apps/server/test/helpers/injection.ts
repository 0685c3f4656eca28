// Classic SQL injection payloads, for suites that send each one in every parameter of a call and check
// that neither the answer's meaning nor the data changes.
export const INJECTION_PAYLOADS: readonly string[] = [
  "'",
  "''",
  "' OR '1'='1",
  "' OR 1=1 --",
  "1' OR '1'='1' /*",
  '" OR "1"="1',
  "admin'--",
  "x' AND 1=0 UNION SELECT username, password FROM sys_user --",
  "' UNION SELECT null, null, null --",
  "1; DROP TABLE sys_user; --",
  "'; DELETE FROM sys_dict; --",
  "1); UPDATE sys_user SET status = 2; --",
  "' AND (SELECT COUNT(*) FROM sys_user) > 0 --",
  "' AND 1=(SELECT CASE WHEN (1=1) THEN 1 ELSE 0 END) --",
  "' AND SLEEP(3) --",
  "'; SELECT pg_sleep(3); --",
  "' || (SELECT randomblob(300000000)) || '",
  '/**/OR/**/1=1',
  'sys_user',
  'sys_user where 1=1',
  'id) OR (1=1',
  '%27%20OR%201%3D1',
  '\\\'',
  '1 OR 1=1',
];

/** The time-based payloads: a call answering slower than this (ms) suggests the payload ran. */
export const SLOW_ANSWER_MS = 2500;
