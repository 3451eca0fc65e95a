/**
 * The home page's picture, drawn for Ridgeline: layered ridges at sunrise,
 * a path climbing them in steps (draw, repay, draw again), and an account
 * card with its available-credit ring. Decorative: the page says it all in
 * words. Colours come from the design tokens through classes (app.css).
 */
export function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 560 440" width="560" height="440" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id="hero-art-frame">
          <rect width="560" height="440" rx="28" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-art-frame)">
        <rect className="art-sky" width="560" height="440" />
        <circle className="art-glow" cx="392" cy="150" r="118" />
        <circle className="art-sun" cx="392" cy="150" r="64" />
        <path
          className="art-cloud"
          d="M64 118c0-14 12-25 27-25 5-15 20-25 37-25 20 0 36 14 38 32 12 1 22 9 22 20H64Z"
        />
        <path className="art-ridge-back" d="M0 300 92 196l58 50 96-118 82 92 54-44 74 78 104-68v254H0Z" />
        <path className="art-ridge-mid" d="M0 338 76 270l70 40 104-96 96 88 60-34 154 78v94H0Z" />
        <path className="art-ridge-front" d="M0 384 118 318l92 44 120-74 112 66 118-36v122H0Z" />
        <path className="art-path" d="M96 440c30-40 92-46 120-80s60-58 112-64 84-40 108-86" />
        <g className="art-steps">
          <circle cx="216" cy="360" r="7" />
          <circle cx="328" cy="296" r="7" />
          <circle cx="436" cy="210" r="7" />
        </g>
      </g>
      <g className="art-card" transform="translate(36 176) rotate(-4)">
        <rect className="art-card-face" width="196" height="118" rx="14" />
        <circle className="art-ring-track" cx="46" cy="59" r="26" />
        <path className="art-ring-fill" d="M46 33a26 26 0 1 1-25.4 31.6" />
        <rect className="art-line-strong" x="88" y="38" width="84" height="12" rx="6" />
        <rect className="art-line" x="88" y="60" width="64" height="9" rx="4.5" />
        <rect className="art-line" x="88" y="78" width="74" height="9" rx="4.5" />
      </g>
    </svg>
  );
}
