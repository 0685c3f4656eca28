// Toolbar rules of spec/02 §5, §6 and §9: add settings kept locally, insert debounce, authPre hiding.
import { INSERT_DEBOUNCE_MS } from '@anxue/shared/constants';

/** Add-button settings are remembered in local storage under this fixed key. */
export const ADD_SETTINGS_KEY = 'EDITABLE_GRID_ADD_SETTINGS';
export const INSERT_TOO_FAST_MESSAGE = '你点击的太快了，请慢点点击!';

export interface AddSettings {
  /** How many rows one click adds; at least 1. */
  count: number;
  /** Where they go: 0 means the bottom, n means before row n (1-based); at most the row count. */
  position: number;
}

export const DEFAULT_ADD_SETTINGS: AddSettings = { count: 1, position: 0 };

export function clampAddSettings(s: Partial<AddSettings>, rowCount: number): AddSettings {
  const count = Math.max(1, Math.floor(Number(s.count) || 1));
  const position = Math.min(Math.max(0, Math.floor(Number(s.position) || 0)), Math.max(0, rowCount));
  return { count, position };
}

export function loadAddSettings(): AddSettings {
  try {
    const raw = localStorage.getItem(ADD_SETTINGS_KEY);
    if (!raw) return DEFAULT_ADD_SETTINGS;
    const parsed = JSON.parse(raw) as Partial<AddSettings>;
    return { count: Math.max(1, Number(parsed.count) || 1), position: Math.max(0, Number(parsed.position) || 0) };
  } catch {
    return DEFAULT_ADD_SETTINGS;
  }
}

export function saveAddSettings(s: AddSettings): void {
  localStorage.setItem(ADD_SETTINGS_KEY, JSON.stringify(s));
}

/** Index for the store: position 0 = end, position n = before the n-th row. */
export function addIndex(s: AddSettings, rowCount: number): number {
  return s.position <= 0 ? rowCount : Math.min(s.position - 1, rowCount);
}

/** Refuses a click that comes sooner than INSERT_DEBOUNCE_MS after the last accepted one. */
export function createInsertGuard(now: () => number = Date.now, gapMs = INSERT_DEBOUNCE_MS): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < gapMs) return false;
    last = t;
    return true;
  };
}

export interface ToolbarPermissions {
  canAdd: boolean;
  canBatchDelete: boolean;
}

/** `${authPre}add` and `${authPre}batch_delete` in the excluded codes hide their buttons (spec/02 §6). */
export function toolbarPermissions(authPre: string | undefined, excludedCodes: readonly string[] | undefined): ToolbarPermissions {
  if (!authPre || !excludedCodes?.length) return { canAdd: true, canBatchDelete: true };
  const excluded = new Set(excludedCodes);
  return { canAdd: !excluded.has(`${authPre}add`), canBatchDelete: !excluded.has(`${authPre}batch_delete`) };
}
