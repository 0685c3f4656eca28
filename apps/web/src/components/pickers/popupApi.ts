// The online-report calls of the popup picker, each answer kept 30 s per report (spec/02 §7).
import { http } from '../../lib/http';
import { POPUP_CACHE_MS } from './constants';
import type { Page } from './usePagedRows';
import type { AnyRow } from './types';

export interface PopupColumn {
  dataIndex: string;
  title: string;
  /** Dictionary code: the cell shows the dictionary text of its value(s). */
  customRender?: string;
}

export interface PopupColumnsAnswer {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: PopupColumn[];
  /** Options by field name. */
  dictOptions: Record<string, Array<{ value: string; text: string }>>;
}

export interface PopupQueryItem {
  field: string;
  label: string;
  mode?: 'single' | 'range' | 'group';
  type?: string;
  dictCode?: string;
  /** '1': shown only when the query form is expanded. */
  hidden?: string;
}

/** Answers of one kind of call by key, each dropped `ttlMs` after it arrived. */
export class TtlCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();
  /** Source of the current time (tests move it). */
  now: () => number = () => Date.now();
  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: this.now(), value });
    // a failed call is not remembered
    value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

export const popupCache = new TtlCache(POPUP_CACHE_MS);

const base = '/online/cgreport/api';

/** The permission code the server demands for reading a report (online:report:<code>, issue 10). */
export const reportPermission = (code: string) => `online:report:${code}`;

export const getRpColumns = (code: string) =>
  popupCache.get(`columns:${code}`, () => http.get<PopupColumnsAnswer>(`${base}/getRpColumns/${encodeURIComponent(code)}`, undefined, { silent: true }));

export const getQueryInfo = (id: string) =>
  popupCache.get(`query:${id}`, () => http.get<PopupQueryItem[]>(`${base}/getQueryInfo/${encodeURIComponent(id)}`, undefined, { silent: true }));

export function getData(id: string, params: Record<string, unknown>) {
  const sorted = Object.keys(params)
    .sort()
    .map((k) => [k, params[k]]);
  return popupCache.get(`data:${id}:${JSON.stringify(sorted)}`, () => http.get<Page<AnyRow>>(`${base}/getData/${encodeURIComponent(id)}`, params));
}
