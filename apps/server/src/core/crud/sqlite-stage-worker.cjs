// The writing connection of an import on SQLite (see import-sink.ts): a second connection to the
// database file, with a private temporary database attached as "stage", running the statements the main
// thread sends, one at a time. The validated rows are collected in "stage" (no lock on the real file) and
// copied into the real table in one transaction at the end. Nothing reaches the real table before that
// commit; if the server dies first, the temporary database vanishes with the process. Any wait for
// SQLite's write lock happens in this thread, never in the server's.
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 30000');
db.pragma('foreign_keys = ON');
// An import's commit would copy its whole write-ahead log into the database file (SQLite checkpoints
// after a commit that leaves the log over 1,000 pages): seconds for a million rows, with the import's
// answer waiting. This connection checkpoints after it has answered instead (close, below).
db.pragma('wal_autocheckpoint = 0');
db.exec("ATTACH DATABASE '' AS stage");

// the statements of insertMany, prepared once per import
const prepared = new Map();
const statement = (text) => {
  let s = prepared.get(text);
  if (!s) prepared.set(text, (s = db.prepare(text)));
  return s;
};

// why stageRows refused a row (import-sink.ts reads the same numbers)
const REPEAT = 0;
const TAKEN = 1;
const IN_BIN = 2;

/** A one-row insert ("… values (?, ?)") as an insert of `count` rows. */
const grouped = (text, count) => {
  const at = text.lastIndexOf(' values ');
  const row = text.slice(at + 8);
  return `${text.slice(0, at)} values ${Array(count).fill(row).join(', ')}`;
};

parentPort.on('message', (m) => {
  try {
    let result;
    if (m.op === 'close') {
      if (db.inTransaction) db.exec('rollback');
      if (m.checkpoint) {
        // answered first; a passive checkpoint holds no reader or writer, and the server's connection skips
        // its own (after its next write) while this one runs, instead of running it on the server's thread
        parentPort.postMessage({ id: m.id, result: {} });
        try {
          db.pragma('wal_checkpoint(PASSIVE)');
        } finally {
          db.close();
          parentPort.close();
        }
        return;
      }
      db.close();
      result = {};
    } else if (m.op === 'insertMany') {
      // rows that must all go in (an import's related rows): a few hundred rows per statement. One
      // statement per row would cost a statement journal each, and with it a copy of every page a
      // trigger of the table touches (sys_user_tenant's permission epoch).
      const per = Math.max(1, Math.min(500, Math.floor(30000 / Math.max(1, m.rows[0] ? m.rows[0].length : 1))));
      const run = () => {
        for (let i = 0; i < m.rows.length; i += per) {
          const group = m.rows.slice(i, i + per);
          statement(grouped(m.sql, group.length)).run(group.flat());
        }
      };
      if (db.inTransaction) run();
      else db.transaction(run)();
      result = {};
    } else if (m.op === 'stageRows') {
      // a chunk of validated rows, in one transaction of the stage. Per row: a unique value the real table
      // holds refuses it (TAKEN, or IN_BIN when a deleted row holds it); else it is inserted, and one the
      // stage's unique indexes ignore repeats an earlier row (REPEAT, with the check that finds which
      // value); else its link targets go beside it. These reads of the real table run here, not on the
      // server's thread.
      const insert = statement(m.insert);
      const targets = statement('insert into stage.import_targets (row_id, targets) values (?, ?)');
      const refused = [];
      db.transaction(() =>
        m.rows.forEach((r, i) => {
          for (let t = 0; t < m.taken.length; t++) {
            const c = m.taken[t];
            if (r[c.column] === null) continue;
            const hit = statement(c.sql).get(r[c.column]);
            if (hit !== undefined) return void refused.push([i, Number(hit.bin) ? IN_BIN : TAKEN, t]);
          }
          if (!insert.run(r).changes) {
            const check = m.repeats.findIndex((c) => r[c.column] !== null && statement(c.sql).get(r[c.column]) !== undefined);
            return void refused.push([i, REPEAT, check]);
          }
          if (m.targets[i]) targets.run(m.targets[i]);
        }),
      )();
      result = { refused };
    } else {
      const stmt = db.prepare(m.sql);
      if (stmt.reader) result = { rows: stmt.all(m.params) };
      else {
        const r = stmt.run(m.params);
        result = { rows: [], changes: r.changes, lastInsertRowid: r.lastInsertRowid === undefined ? undefined : String(r.lastInsertRowid) };
      }
    }
    parentPort.postMessage({ id: m.id, result });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err), code: err && err.code });
  }
});
