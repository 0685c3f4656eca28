// Keyboard use of dialogs and drawers (issue 17) when the focus is not in them. antd closes a dialog on
// Esc and keeps Tab inside it only while the focus is inside; a dialog that opens before its content can
// take the focus (a pre-rendered form, a menu that gives the focus back to its trigger as it closes) leaves
// it on the page behind the mask, where Esc did nothing and Tab walked the covered page. Here a key
// pressed with the focus outside every open dialog goes to the top one: Esc closes it as its × does (so a
// form with unsaved changes still asks), and Tab moves into it.

const OVERLAYS = '.ant-modal-wrap, .ant-drawer-open .ant-drawer-content-wrapper';
const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Shown: neither it nor a parent is display:none (a closed pre-rendered dialog) or hidden. */
function visible(el: HTMLElement): boolean {
  if (getComputedStyle(el).visibility === 'hidden') return false;
  for (let node: HTMLElement | null = el; node && node !== document.body; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** The open dialogs and drawers, the one on top last (they stack in the order of their elements). */
function openOverlays(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(OVERLAYS)].filter(visible);
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || (event.key !== 'Escape' && event.key !== 'Tab')) return;
  const open = openOverlays();
  const top = open.at(-1);
  if (!top) return;
  const focus = document.activeElement;
  if (focus && focus !== document.body && open.some((o) => o.contains(focus))) return; // antd handles it
  // a popup of the page (a select's list, a date panel) lives outside the dialog: it handles its own keys
  if (focus instanceof HTMLElement && focus.closest('.ant-select-dropdown, .ant-picker-dropdown, .ant-dropdown')) return;
  event.preventDefault();
  if (event.key === 'Escape') {
    top.querySelector<HTMLElement>('.ant-modal-close, .ant-drawer-close')?.click();
    return;
  }
  const first = [...top.querySelectorAll<HTMLElement>(FOCUSABLE)].find(visible);
  first?.focus();
}

let installed = false;

/** Installs the keyboard fallback once for the page. */
export function installOverlayKeyboard(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('keydown', onKeyDown);
}
