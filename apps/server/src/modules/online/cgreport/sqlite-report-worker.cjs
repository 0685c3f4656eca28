// Report queries on SQLite files (report-runner.ts), one at a time, in a thread the server ends when a
// query overruns its time (and then starts afresh). The statement must be a reader that does not write
// (better-sqlite3's statement.reader / statement.readonly), whatever the text guard let through.
//
// A data-source file is opened read-only and query_only, and its own contents bound what a report reads.
//
// The install's own file is confined by the engine, not by reading the SQL: the report runs on an
// in-memory database where each allowed table is a temporary view (its readable columns, the caller's
// rows) over the real file, attached under a random name no report can learn. Every other table of the
// file has an empty stand-in of the same name in the in-memory database, so an unqualified name never
// falls through to the real one. Before it runs, the compiled program (EXPLAIN) is read: it may open
// tables of the attached file only (which only the views can name), never a stand-in, a schema table,
// a virtual table (table-valued pragmas and the like) or a table for writing.
'use strict';
const { parentPort } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');
const Database = require('better-sqlite3');

const READ_ONLY = '报表 SQL 不允许：只能执行只读查询';
const q = (name) => `"${String(name).replace(/"/g, '""')}"`;

function plainRun(file, sql, params, maxRows) {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2000 });
  try {
    db.pragma('query_only = ON');
    return { rows: read(db.prepare(sql), params, maxRows) };
  } finally {
    db.close();
  }
}

function read(stmt, params, maxRows) {
  if (!stmt.reader || !stmt.readonly) throw Object.assign(new Error(READ_ONLY), { code: 'ANXUE_READONLY' });
  const rows = [];
  for (const row of stmt.iterate(...params)) {
    if (rows.length >= maxRows) break;
    rows.push(row);
  }
  return rows;
}

/** Namespaced connections kept by file and views (a few tenants' worth); rebuilt when the file's schema changes. */
const kept = new Map();
const KEEP = 8;

function namespaced(file, views) {
  const key = `${file}\u0000${JSON.stringify(views)}`;
  let ns = kept.get(key);
  if (ns) {
    const version = ns.db.pragma(`${q(ns.schema)}.schema_version`, { simple: true });
    if (version === ns.version) {
      kept.delete(key);
      kept.set(key, ns);
      return ns;
    }
    ns.db.close();
    kept.delete(key);
  }
  ns = build(file, views);
  kept.set(key, ns);
  while (kept.size > KEEP) {
    const [oldest, old] = kept.entries().next().value;
    old.db.close();
    kept.delete(oldest);
  }
  return ns;
}

function build(file, views) {
  const db = new Database(':memory:');
  try {
    const schema = `s_${randomBytes(16).toString('hex')}`;
    db.prepare(`attach database ? as ${q(schema)}`).run(file);
    db.pragma('busy_timeout = 2000');
    const version = db.pragma(`${q(schema)}.schema_version`, { simple: true });
    const real = db.prepare(`select name from ${q(schema)}.sqlite_schema where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\'`).pluck().all();
    const viewed = new Set(views.map((v) => v.name));
    for (const name of real) {
      if (viewed.has(name)) continue;
      const cols = db.prepare(`select name from pragma_table_info(?, ?)`).pluck().all(name, schema);
      db.exec(`create table main.${q(name)} (${(cols.length ? cols : ['_']).map(q).join(', ')})`);
    }
    for (const v of views) db.exec(`create temp view ${q(v.name)} as ${v.select.split('«S»').join(`${q(schema)}.`)}`);
    db.pragma('query_only = ON');
    // root pages of the in-memory schema, to name a stand-in a report tried to open
    const standIns = new Map(db.prepare(`select rootpage, name from main.sqlite_schema where type = 'table'`).raw().all());
    return { db, schema, version, attached: db.prepare('pragma database_list').all().find((d) => d.name === schema).seq, standIns };
  } catch (e) {
    db.close();
    throw e;
  }
}

/** Refuses a compiled program that reads anything but the attached file through the views. */
function checkProgram(ns, sql, params) {
  const program = ns.db.prepare(`explain ${sql}`).all(...params);
  for (const op of program) {
    switch (op.opcode) {
      case 'OpenWrite':
        throw Object.assign(new Error(READ_ONLY), { code: 'ANXUE_READONLY' });
      case 'VOpen':
      case 'VFilter':
        throw new Error('报表 SQL 不允许：不能读取虚拟表或系统函数表');
      case 'OpenRead':
      case 'ReopenIdx':
      case 'OpenDup':
        if (op.opcode !== 'OpenDup' && op.p3 !== ns.attached) {
          const name = op.p3 === 0 ? (op.p2 === 1 ? 'sqlite_schema' : ns.standIns.get(op.p2)) : 'sqlite_temp_schema';
          throw new Error(`报表 SQL 不允许：表 ${name ?? '（未知）'} 不在表白名单中`);
        }
        if (op.p2 === 1 || op.p5 & 0x10) throw new Error('报表 SQL 不允许：不能读取系统目录');
        break;
      default:
        break;
    }
  }
}

/** SQLite's own words for a name outside the views, in the report's terms. */
function explain(e) {
  if (/^cannot modify .* because it is a view$/.test(String(e && e.message))) return Object.assign(new Error(READ_ONLY), { code: 'ANXUE_READONLY' });
  const m = /^no such (column|table): (.+)$/.exec(String(e && e.message));
  if (!m) return e;
  const name = m[2].replace(/^[^.]*\.(?=[^.]+$)/, (p) => (p.startsWith('s_') ? '' : p));
  return new Error(m[1] === 'column' ? `报表 SQL 不允许：字段 ${name} 不存在或不在表白名单中` : `报表 SQL 不允许：表 ${name} 不存在或不在表白名单中`);
}

function run({ file, sql, params, maxRows, views }) {
  if (!views) return plainRun(file, sql, params, maxRows);
  const ns = namespaced(file, views);
  let stmt;
  try {
    stmt = ns.db.prepare(sql);
    if (!stmt.reader || !stmt.readonly) throw Object.assign(new Error(READ_ONLY), { code: 'ANXUE_READONLY' });
    checkProgram(ns, sql, params);
  } catch (e) {
    throw explain(e);
  }
  return { rows: read(stmt, params, maxRows) };
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
