import { brand } from "#domain/config";

/** The ridge mark and the brand name; decorative mark, named link. */
export function Logo() {
  return (
    <a href="/" className="logo" aria-label={`${brand.name} home`}>
      <svg viewBox="0 0 40 28" width="40" height="28" aria-hidden="true" focusable="false">
        <path d="M0 28 L13 8 L20 17 L27 4 L40 28 Z" fill="currentColor" />
        <path d="M23 11 L27 4 L31 11 L27 9 Z" fill="#fff" opacity="0.85" />
      </svg>
      <span>{brand.name}</span>
    </a>
  );
}
