// Page-level navigation used outside React (http catalogue, logout). The router installs its own
// navigate function at start-up so these moves stay inside the single-page app.
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);
let reloadImpl: () => void = () => window.location.reload();

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}
export function setReloader(fn: () => void): void {
  reloadImpl = fn;
}
export function navigateTo(path: string): void {
  navigateImpl(path);
}
export function reloadPage(): void {
  reloadImpl();
}

/** The redirect query target, only when it is a path inside this app (never another site). */
export function redirectTarget(search: string): string | undefined {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//')) return undefined;
  return target;
}
