// The browser's own modal <dialog>, shown while `open`: the page behind is inert and focus stays inside.
// Esc (also where the browser fires no cancel event) and a tap on the backdrop ask `onDismiss`; the
// element given as `focus` takes the focus when it opens. Spread the answer onto the <dialog>.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

export function useModalDialog(open: boolean, onDismiss: () => void, focus: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
      focus.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open, focus]);
  return {
    ref,
    onCancel: (e: SyntheticEvent) => {
      e.preventDefault();
      onDismiss();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onDismiss();
    },
    onClick: (e: MouseEvent) => {
      // the dialog element itself is hit only on its backdrop
      if (e.target === e.currentTarget) onDismiss();
    },
  };
}
