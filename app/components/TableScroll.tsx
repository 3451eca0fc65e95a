/**
 * Lets a wide table scroll sideways on small screens. The region is
 * focusable and named, so keyboard users can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
