import styleguideCss from "../../styles/styleguide.css?url";
import type { Route } from "./+types/styleguide";
import { developmentEnv } from "./dev-guard.server";
import { Gallery } from "./styleguide-gallery";

/**
 * Development only: the design system (app/styles/tokens.css and
 * components.css) on one page: every token, then every component in every
 * state, once in a 360 px phone frame and once at the page's full width.
 * `npm run screenshots` and the fits test open it at every width.
 */
export function loader({ context }: Route.LoaderArgs) {
  developmentEnv(context);
  return null;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: styleguideCss }];

export function meta() {
  return [{ title: "Styleguide | Development" }, { name: "robots", content: "noindex" }];
}

const COLOURS = [
  "ink",
  "ink-soft",
  "ink-faint",
  "brand-deep",
  "brand-dark",
  "brand",
  "brand-mid",
  "brand-tint",
  "accent",
  "accent-hover",
  "accent-dark",
  "paper",
  "band",
  "line",
  "line-strong",
  "success",
  "success-tint",
  "warning-tint",
  "danger",
  "danger-tint",
  "disabled-fill",
  "disabled-line",
];
const TYPE = ["display", "3xl", "2xl", "xl", "lg", "md", "sm", "xs"];
const SPACE = ["1", "2", "3", "4", "5", "6", "8", "10", "12"];
const RADII = ["sm", "md", "radius", "pill"];
const SHADOWS = ["1", "2", "3"];

function Tokens() {
  return (
    <section className="sg-tokens" aria-labelledby="sg-tokens-title">
      <h2 id="sg-tokens-title">Tokens</h2>
      <h3>Colour</h3>
      <ul className="sg-swatches">
        {COLOURS.map((c) => (
          <li key={c}>
            <span className={`sg-swatch sg-c-${c}`} aria-hidden="true" />
            <code>--{c}</code>
          </li>
        ))}
      </ul>
      <h3>Type (Figtree)</h3>
      <ul className="sg-type">
        {TYPE.map((t) => (
          <li key={t} className={`sg-t-${t}`}>
            --text-{t}: Lines of Credit up to $3,500
          </li>
        ))}
      </ul>
      <h3>Space, radius, elevation</h3>
      <ul className="sg-space">
        {SPACE.map((s) => (
          <li key={s}>
            <span className={`sg-bar sg-s-${s}`} aria-hidden="true" />
            <code>--space-{s}</code>
          </li>
        ))}
      </ul>
      <ul className="sg-boxes">
        {RADII.map((r) => (
          <li key={r} className={`sg-box sg-r-${r}`}>
            <code>radius {r}</code>
          </li>
        ))}
        {SHADOWS.map((s) => (
          <li key={s} className={`sg-box sg-e-${s}`}>
            <code>shadow {s}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Styleguide() {
  return (
    <section className="container page-section styleguide" id="top">
      <h1>Styleguide</h1>
      <p className="lead">The design system every page uses: tokens, then each component in every state.</p>
      <Tokens />
      <div className="sg-frames">
        <section className="sg-frame sg-frame-phone" aria-labelledby="sg-phone-title">
          <h2 id="sg-phone-title">Phone (360 px)</h2>
          <Gallery prefix="phone" />
        </section>
        <section className="sg-frame" aria-labelledby="sg-wide-title">
          <h2 id="sg-wide-title">Full width</h2>
          <Gallery prefix="wide" />
        </section>
      </div>
    </section>
  );
}
