// Report queries on SQLite files (report-runner.ts), one at a time, in a thread the server ends when a
// query overruns its time (and then starts afresh). Each query opens its file read-only and query_only,
// and answers the rows (at most maxRows, read one by one) or the error. The statement must be a reader that
// does not write (better-sqlite3's statement.reader / statement.readonly), whatever the guard let through.
'use strict';
const { parentPort } = require('node:worker_threads');
const Database = require('better-sqlite3');

function run({ file, sql, params, maxRows }) {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2000 });
  try {
    db.pragma('query_only = ON');
    const stmt = db.prepare(sql);
    if (!stmt.reader || !stmt.readonly) return { error: '报表 SQL 不允许：只能执行只读查询' };
    const rows = [];
    for (const row of stmt.iterate(...params)) {
      if (rows.length >= maxRows) break;
      rows.push(row);
    }
    return { rows };
  } finally {
    db.close();
  }
}

parentPort.on('message', (m) => {
  let answer;
  try {
    answer = run(m);
  } catch (e) {
    answer = { error: String((e && e.message) || e), code: e && e.code };
  }
  parentPort.postMessage(answer);
});
