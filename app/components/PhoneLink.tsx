import { formatPhone, phoneHref } from "#domain/format";

export function PhoneLink({ digits, label, className }: { digits: string; label?: string; className?: string }) {
  return (
    <a href={phoneHref(digits)} className={className}>
      {label ? <span className="phone-label">{label} </span> : null}
      {/* A labelled link may show only its label on a narrow phone (the number stays its accessible name). */}
      <span className="phone-number">{formatPhone(digits)}</span>
    </a>
  );
}
