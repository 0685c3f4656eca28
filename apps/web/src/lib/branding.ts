// The install's own name, logo and footer (系统设置), read by visitors too (GET /sys/setting/public):
// the sign-in page, the shell's logo and footer and every page title carry them. Unset, or until
// they load, what the server put into the page, else the product name (APP_TITLE), stands. One
// read per page load, shared by every reader; 系统设置 hands a saved change over so the open page
// follows at once.
import { useEffect, useSyncExternalStore } from 'react';
import { http } from './http';
import { imageUrl } from './files/paths';
import { appConfig } from './runtimeConfig';
import { t } from './i18n';

export interface PublicSettings {
  siteName?: string;
  siteLogo?: string;
  footerText?: string;
}

export interface Branding {
  /** The install's name, or the product name. */
  name: string;
  /** The logo's address, or undefined for the product mark. */
  logo?: string;
  /** The footer's line, or undefined for the copyright line. */
  footer?: string;
}

let settings: PublicSettings | undefined;
// the server sends the page with the install's name, logo and footer: right from the first render
let fromPage = true;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

function publish(next: PublicSettings) {
  fromPage = false;
  settings = next;
  for (const l of listeners) l();
}

/** Reads the public settings once (again when `force`); a failed read keeps the fallback. */
export function loadBranding(force = false): Promise<void> {
  if (loading && !force) return loading;
  loading = http.get<PublicSettings>('/sys/setting/public', undefined, { silent: true }).then(
    (r) => publish({ siteName: r.siteName, siteLogo: r.siteLogo, footerText: r.footerText }),
    () => undefined,
  );
  return loading;
}

/** 系统设置 saved: the page shows the change without another read. */
export function setBranding(next: PublicSettings) {
  publish(next);
}

export function brandingOf(s: PublicSettings | undefined): Branding {
  const name = s?.siteName?.trim();
  const logo = s?.siteLogo?.trim();
  const footer = s?.footerText?.trim();
  return { name: name || t(appConfig().title), logo: logo ? imageUrl(logo) : undefined, footer: footer || undefined };
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => {
  if (fromPage) {
    fromPage = false;
    const { siteName, siteLogo, footerText } = appConfig();
    if (siteName || siteLogo || footerText) settings = { siteName, siteLogo, footerText };
  }
  return settings;
};

export function useBranding(): Branding {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void loadBranding();
  }, []);
  return brandingOf(s);
}
