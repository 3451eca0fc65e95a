import { useEffect, useRef } from "react";

/**
 * A modal popup on the native <dialog>: the page behind is inert, focus
 * moves in and stays in, Esc and the X close it, and focus returns to the
 * element that opened it. Without JavaScript, linking to `#id` shows it via
 * CSS (`dialog:target`) with a plain link back.
 */
export function Modal({
  id,
  title,
  open,
  onClose,
  returnHref,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  /** Where the no-JavaScript "Close" link goes. */
  returnHref: string;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    // The close event is queued, not fired at once: when the popup was shut and
    // opened again in one moment (CANCEL, then Enter on the opener at once), a
    // late event must not shut the popup that is open now.
    if (ref.current?.open) return;
    onClose();
    if (opener.current instanceof HTMLElement) opener.current.focus();
  }

  return (
    <dialog ref={ref} id={id} className="modal" aria-labelledby={`${id}-title`} onClose={handleClose}>
      <div className="modal-header">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" className="modal-close js-only" aria-label="Close" onClick={() => ref.current?.close()}>
          <span aria-hidden="true">×</span>
        </button>
        <a className="modal-close no-js-only" href={returnHref}>
          Close
        </a>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
