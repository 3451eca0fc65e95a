// Each component from its own package: the umbrella package's index loads every component, the
// code block's and Tailwind's 700 KB modules too, which the worker tests' module transport refuses.
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { brand } from "#domain/config";
import { creditorLines } from "./applicant-wording";
import { type Block, emailBlocks, type Inline } from "./email-blocks";

/**
 * The HTML part of every e-mail (issue 35), made with React Email from the
 * message's own text at delivery: the brand's header, the text's paragraphs,
 * lists and links, and a footer with the lender's name and address. Nothing
 * of it is stored; secrets are in the text only once delivery filled them.
 *
 * Clients differ in what they keep: Gmail keeps a <style> in the head, Outlook
 * on Windows only inline styles and tables. So every colour and size is
 * inline (the light look everywhere), and the dark look is a <style> that
 * overrides them where a client follows prefers-color-scheme (Apple Mail,
 * Outlook for Mac and iOS) or marks its own dark mode on the body
 * ([data-ogsc]/[data-ogsb], Outlook.com). A client that inverts colours by
 * itself (the Gmail apps) gets light colours that invert cleanly: no
 * background image, no text drawn on a picture.
 */

/**
 * The design system's colours (app/styles/tokens.css; e-mail has no CSS
 * variables, so the values are written here and tests/unit/email-html.test.ts
 * proves each one equals its token). Dark: the site's on-dark colours.
 */
export const emailPalette = {
  band: "#f4f7f6",
  paper: "#ffffff",
  ink: "#17262b",
  "ink-soft": "#44565c",
  brand: "#0d5c4d",
  "brand-dark": "#08443a",
  "brand-deep": "#062f28",
  line: "#d5dfdc",
  accent: "#f2a541",
  "on-dark": "#dce6e3",
  "on-dark-soft": "#b8c7c3",
} as const;
const c = emailPalette;

/** The token stack without Figtree: a web font is not fetched by most clients (and never from our origin). */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Dark mode where the client allows it: each class overrides its inline light colour. */
const DARK_CSS = (() => {
  const rules = [
    `.rc-page{background-color:${c["brand-deep"]}!important}`,
    `.rc-card{background-color:${c.ink}!important}`,
    `.rc-head{background-color:${c["brand-dark"]}!important}`,
    `.rc-text{color:${c["on-dark"]}!important}`,
    `.rc-soft{color:${c["on-dark-soft"]}!important}`,
    `.rc-link{color:${c.accent}!important}`,
    `.rc-rule{border-color:${c["ink-soft"]}!important}`,
  ];
  // Outlook.com marks what its dark mode recoloured: data-ogsc for text, data-ogsb for backgrounds.
  const outlook = rules.flatMap((rule) => [`[data-ogsc] ${rule}`, `[data-ogsb] ${rule}`]).join("");
  return `:root{color-scheme:light dark;supported-color-schemes:light dark}@media (prefers-color-scheme:dark){${rules.join("")}}${outlook}`;
})();

const text: CSSProperties = { color: c.ink, fontSize: "16px", lineHeight: "1.55", margin: "0 0 16px" };
const soft: CSSProperties = { ...text, color: c["ink-soft"], fontSize: "13px", margin: "0 0 8px" };
const link: CSSProperties = { color: c.brand, textDecoration: "underline", wordBreak: "break-all" };

function Words({ parts }: { parts: Inline[] }) {
  return parts.map((part, i) =>
    part.kind === "link" ? (
      <Link key={i} href={part.href} className="rc-link" style={link}>
        {part.href}
      </Link>
    ) : (
      part.text
    ),
  );
}

/** Lines of one paragraph, each break kept as the text has it. */
function withBreaks(lines: Inline[][]): ReactNode[] {
  return lines.flatMap((line, i) => [...(i > 0 ? [<br key={`br${i}`} />] : []), <Words key={`l${i}`} parts={line} />]);
}

function BlockView({ block }: { block: Block }) {
  if (block.kind === "paragraph")
    return (
      <Text className="rc-text" style={text}>
        {withBreaks(block.lines)}
      </Text>
    );
  return (
    <ul className="rc-text" style={{ ...text, paddingLeft: "24px" }}>
      {block.items.map((item, i) => (
        <li key={i} style={{ margin: "0 0 8px" }}>
          <Words parts={item} />
        </li>
      ))}
    </ul>
  );
}

/** Who we are, at the foot of every e-mail; for marketing, the one-click way out as a link too. */
function Footer({ unsubscribeUrl }: { unsubscribeUrl: string | null }) {
  const [creditor, ...lines] = creditorLines;
  return (
    <Section style={{ padding: "0 24px 24px" }}>
      <Hr className="rc-rule" style={{ borderColor: c.line, margin: "0 0 16px" }} />
      <Text className="rc-soft" style={soft}>
        {creditor}
        {lines.map((line) => [<br key={`br-${line}`} />, line])}
      </Text>
      {unsubscribeUrl ? (
        <Text className="rc-soft" style={soft}>
          <Link href={unsubscribeUrl} className="rc-link" style={link}>
            Unsubscribe from marketing e-mails
          </Link>
        </Text>
      ) : null}
    </Section>
  );
}

export interface EmailParts {
  subject: string;
  /** The plain-text part exactly as it is sent: the HTML shows the same words. */
  text: string;
  /** A marketing e-mail's one-click unsubscribe address (unsubscribe.ts); null for the others. */
  unsubscribeUrl?: string | null;
}

export function EmailDocument({ subject, text: body, unsubscribeUrl = null }: EmailParts) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{subject}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_CSS}</style>
      </Head>
      {/* A plain body: React Email's Body copies its background to an inner cell the dark rules cannot reach. */}
      <body className="rc-page" style={{ backgroundColor: c.band, fontFamily: FONT, margin: 0, padding: "16px 0" }}>
        <Preview>{body.replace(/\s+/g, " ").slice(0, 140)}</Preview>
        <Container className="rc-card" style={{ backgroundColor: c.paper, maxWidth: "600px", width: "100%" }}>
          <Section className="rc-head" style={{ backgroundColor: c.brand, padding: "16px 24px" }}>
            <Text style={{ color: c.paper, fontSize: "20px", fontWeight: 700, lineHeight: "1.2", margin: 0 }}>
              {brand.name}
            </Text>
          </Section>
          <Section style={{ padding: "24px 24px 8px" }}>
            {emailBlocks(body).map((block, i) => (
              <BlockView key={i} block={block} />
            ))}
          </Section>
          <Footer unsubscribeUrl={unsubscribeUrl} />
        </Container>
      </body>
    </Html>
  );
}

/** The HTML part of one e-mail, from the same text as its plain-text part. */
export function emailHtml(parts: EmailParts): Promise<string> {
  return render(<EmailDocument {...parts} />);
}
