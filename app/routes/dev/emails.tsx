import { emailSamples } from "#servicing";
import devEmailsCss from "../../styles/dev-emails.css?url";
import type { Route } from "./+types/emails";
import { developmentEnv } from "./dev-guard.server";

/**
 * Development only: every template (templateTitles) as its recipient gets it,
 * made from sample figures by the functions the product sends with. An
 * e-mail's HTML part is shown in frames 360 and 600 px wide, beside its
 * subject and plain-text part. Each frame loads /dev/emails/:name, a document
 * with a policy of its own (inline styles, as e-mail needs, no script): this
 * page keeps the site's strict policy, which a srcdoc frame would inherit.
 */
export function loader({ context }: Route.LoaderArgs) {
  developmentEnv(context);
  return { samples: emailSamples() };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: devEmailsCss }];

export function meta() {
  return [{ title: "E-mails | Development" }, { name: "robots", content: "noindex" }];
}

/** A frame tall enough for its text at that width (no script measures it): about a line per this many characters. */
const frameHeight = (text: string, charsPerLine: number) =>
  220 + text.split("\n").reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / charsPerLine)), 0) * 26;

export default function Emails({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>E-mails</h1>
      <p className="lead">
        Development only: every template with sample figures. Each e-mail&apos;s HTML at 360 and 600 px, its subject,
        and its plain-text part (sent as is).
      </p>
      <nav aria-label="Templates">
        <ul className="dev-emails-index">
          {loaderData.samples.map((s) => (
            <li key={s.name}>
              <a href={`#${s.name}`}>{s.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {loaderData.samples.map((s) => (
        <article key={s.name} id={s.name} className="dev-email" aria-labelledby={`${s.name}-title`}>
          <h2 id={`${s.name}-title`}>
            {s.title} <code>{s.name}</code>
          </h2>
          <p>
            {s.channel === "email" ? (
              <>
                <strong>Subject:</strong> {s.subject} <span className="dev-email-category">({s.category})</span>
              </>
            ) : (
              `Sent as a ${s.channel === "sms" ? "text" : "call"}: it has no e-mail.`
            )}
          </p>
          {s.channel === "email" ? (
            <div className="dev-email-frames">
              {[360, 600].map((width) => (
                <figure key={width}>
                  <iframe
                    title={`${s.name} at ${width} px`}
                    src={`/dev/emails/${s.name}`}
                    width={width}
                    height={frameHeight(s.text, width === 360 ? 34 : 62)}
                    sandbox=""
                    loading="lazy"
                  />
                  <figcaption>{width} px</figcaption>
                </figure>
              ))}
            </div>
          ) : null}
          <h3>Plain text</h3>
          <pre className="dev-email-text">{s.text}</pre>
        </article>
      ))}
    </section>
  );
}
