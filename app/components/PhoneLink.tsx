import { formatPhone, phoneHref } from "../lib/format";

export function PhoneLink({ digits, label, className }: { digits: string; label?: string; className?: string }) {
  return (
    <a href={phoneHref(digits)} className={className}>
      {label ? `${label} ` : null}
      {formatPhone(digits)}
    </a>
  );
}
