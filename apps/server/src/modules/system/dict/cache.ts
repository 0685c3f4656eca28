import type { Kysely } from 'kysely';
import { DICT_TEXTS_TTL_MS, forgetDictTexts } from '../../../core/crud/dict-text';
import { introspectTables, type TableInfo } from './catalog';
import { loadDeclarations, type SourceDeclaration } from './declarations';
import { loadPlainDicts, type DictOption } from './plain';

/** Bus channel of dictionary changes: every node drops its copy (dictRoutes subscribes, writes publish). */
export const DICT_CHANGED = 'dict:changed';
/** Longest a node keeps its copy: what bounds a change another node made without a shared bus (no Redis), or one made in the database by hand. */
export const DICT_CACHE_TTL_MS = DICT_TEXTS_TTL_MS; // one bound for both copies

/**
 * The server's dictionary cache, one per database in this process: plain dictionaries by code, the
 * declared dictionary sources and the introspected schema. Each is loaded on first use; `clear()`
 * drops all three, and the texts lists show beside coded values (core/crud/dict-text.ts), so the next
 * read sees every committed change.
 */
export class DictStore {
  private loadedAt = Date.now();
  private plain?: Promise<Map<string, DictOption[]>>;
  private sources?: Promise<Map<string, SourceDeclaration>>;
  private schema?: Promise<Map<string, TableInfo>>;

  constructor(readonly db: Kysely<any>) {}

  clear(): void {
    forgetDictTexts(this.db);
    this.loadedAt = Date.now();
    this.plain = undefined;
    this.sources = undefined;
    this.schema = undefined;
  }

  plainDicts(): Promise<Map<string, DictOption[]>> {
    this.expire();
    return (this.plain ??= this.remember(loadPlainDicts(this.db), () => (this.plain = undefined)));
  }

  declarations(): Promise<Map<string, SourceDeclaration>> {
    this.expire();
    return (this.sources ??= this.remember(loadDeclarations(this.db), () => (this.sources = undefined)));
  }

  tables(): Promise<Map<string, TableInfo>> {
    this.expire();
    return (this.schema ??= this.remember(introspectTables(this.db), () => (this.schema = undefined)));
  }

  private expire(): void {
    if (Date.now() - this.loadedAt > DICT_CACHE_TTL_MS) this.clear();
  }

  /** A failed load is forgotten so the next call tries again. */
  private remember<T>(p: Promise<T>, forget: () => void): Promise<T> {
    p.catch(forget);
    return p;
  }
}

const stores = new WeakMap<object, DictStore>();

/** The dictionary cache of this database connection (the app's root `db`, never a transaction). */
export function dictStore(db: Kysely<any>): DictStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new DictStore(db)));
  return store;
}
