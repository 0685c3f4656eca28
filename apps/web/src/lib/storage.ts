// localStorage with an optional expiry per entry (the session and dictionary cache live 7 days).
interface Stamped<T> {
  value: T;
  expire: number | null;
}

export const localStore = {
  set<T>(key: string, value: T, ttlMs?: number): void {
    const entry: Stamped<T> = { value, expire: ttlMs ? Date.now() + ttlMs : null };
    localStorage.setItem(key, JSON.stringify(entry));
  },
  get<T>(key: string): T | undefined {
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
    localStorage.removeItem(key);
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
