// localStorage with an optional expiry per entry (the session and dictionary cache live 7 days).
interface Stamped<T> {
  value: T;
  expire: number | null;
}

const stamp = <T>(value: T, ttlMs?: number): Stamped<T> => ({ value, expire: ttlMs ? Date.now() + ttlMs : null });

// Counts this page's writes and other tabs' (the storage event): a reader that keeps a parsed copy of a
// large entry compares this number instead of reading megabytes back on every use.
let writes = 0;
if (typeof addEventListener === 'function') addEventListener('storage', () => writes++);

// Entries given to setWhenIdle: read from memory until the browser has a quiet moment to write them.
const unwritten = new Map<string, { entry: Stamped<unknown>; cancel: () => void }>();
const whenIdle = (work: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
};
const writeNow = (key: string) => {
  const pending = unwritten.get(key);
  if (!pending) return;
  unwritten.delete(key);
  pending.cancel();
  writes++;
  localStorage.setItem(key, JSON.stringify(pending.entry));
};
// a page that leaves before the quiet moment still keeps what it was given
if (typeof addEventListener === 'function') addEventListener('pagehide', () => [...unwritten.keys()].forEach(writeNow));

export const localStore = {
  set<T>(key: string, value: T, ttlMs?: number): void {
    unwritten.get(key)?.cancel();
    unwritten.delete(key);
    writes++;
    localStorage.setItem(key, JSON.stringify(stamp(value, ttlMs)));
  },
  /**
   * Like set, but the text is written when the browser is idle. For megabytes of JSON (20,000 dictionary
   * items at sign-in): serializing and storing them in the task that received them made it a long task.
   * get, peek and remove see the value at once.
   */
  setWhenIdle<T>(key: string, value: T, ttlMs?: number): void {
    unwritten.get(key)?.cancel();
    unwritten.set(key, { entry: stamp(value, ttlMs), cancel: whenIdle(() => writeNow(key)) });
  },
  /** A value given to setWhenIdle and not yet written, with its expiry. */
  unwritten<T>(key: string): Stamped<T> | undefined {
    return unwritten.get(key)?.entry as Stamped<T> | undefined;
  },
  get<T>(key: string): T | undefined {
    const pending = unwritten.get(key);
    if (pending) {
      if (pending.entry.expire === null || pending.entry.expire > Date.now()) return pending.entry.value as T;
      localStore.remove(key);
      return undefined;
    }
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      const entry = JSON.parse(raw) as Stamped<T>;
      if (entry === null || typeof entry !== 'object' || !('value' in entry)) return undefined;
      if (entry.expire !== null && entry.expire <= Date.now()) {
        localStorage.removeItem(key);
        return undefined;
      }
      return entry.value;
    } catch {
      return undefined;
    }
  },
  remove(key: string): void {
    unwritten.get(key)?.cancel();
    unwritten.delete(key);
    writes++;
    localStorage.removeItem(key);
  },
  /** Changes whenever localStore writes or removes an entry, or another tab changes the storage. */
  writeCount(): number {
    return writes;
  },
  /** The expiry stamped on a stored text (null: none), read without parsing its value. */
  expiryOf(raw: string): number | null {
    // set() writes {value, expire}: the stamp is the last member
    const at = raw.lastIndexOf('"expire":');
    const stamp = at < 0 ? NaN : Number(raw.slice(at + 9, -1));
    return Number.isFinite(stamp) ? stamp : null;
  },
};

/** sessionStorage holds the button-permission lists for the life of the browser tab. */
export const sessionStore = {
  set<T>(key: string, value: T): void {
    sessionStorage.setItem(key, JSON.stringify(value));
  },
  get<T>(key: string): T | undefined {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  },
  remove(key: string): void {
    sessionStorage.removeItem(key);
  },
};
