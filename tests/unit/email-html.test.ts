import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { address, brand } from "#domain/config";
import { emailBlocks } from "../../functions/servicing/email-blocks";
import { emailHtml, emailPalette } from "../../functions/servicing/email-html";
import { emailSamples } from "../../functions/servicing/email-samples";
import type { CoreEnv } from "../../functions/servicing/env";
import type { Deliverer, QueuedMessage } from "../../functions/servicing/message";
import { channelDeliverer } from "../../functions/servicing/providers/deliverer";
import { templateTitles } from "../../functions/servicing/templates";
import { openUnsubscribeToken } from "../../functions/servicing/unsubscribe-links";
import { type FakeResend, startFakeResend } from "../support/fake-resend";

/**
 * Issue 35, e-mails that look like the lender: every template's HTML part is
 * made at delivery with React Email from its text, with the lender's name and
 * address in its footer and the text's words and links; the plain-text part
 * is the text as before; a marketing e-mail alone carries RFC 8058's one-click
 * List-Unsubscribe, as Resend takes it (its `headers` field) over real HTTP.
 */

const SECRET = "test-only-ssn-key-0123456789abcdef0123456789";
let resend: FakeResend;
const neverOutbox: Deliverer = {
  name: "outbox",
  deliver: async () => {
    throw new Error("Resend is configured: nothing goes to the outbox");
  },
};

beforeAll(async () => {
  resend = await startFakeResend();
});
afterAll(() => resend.close());
beforeEach(() => {
  resend.sent.length = 0;
});

const env = () =>
  ({
    SITE_ORIGIN: "https://ridgelinecredit.example",
    SSN_ENCRYPTION_KEY: SECRET,
    RESEND_API_KEY: resend.apiKey,
    EMAIL_FROM: "Ridgeline Credit <notices@ridgelinecredit.example>",
    RESEND_API_BASE: resend.url,
  }) as CoreEnv;

/** What a reader sees of an HTML document: its text without tags, entities read, spaces folded. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<div[^>]*data-skip-in-text[\s\S]*?<\/div><\/div>/, "")
    .replace(/<br\/?>|<\/(p|li|td)>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const folded = (text: string) => text.replace(/^- /gm, "").replace(/\s+/g, " ").trim();

const emails = emailSamples().filter((s) => s.channel === "email");
const queued = (s: (typeof emails)[number], category = s.category): QueuedMessage => ({
  id: `msg-${s.name}-${category}`,
  template: s.name,
  category,
  channel: "email",
  recipient: "jordan.sample@example.com",
  subject: s.subject,
  body: s.text,
});

describe("every template's e-mail", () => {
  it("has a sample for every template name, e-mail or not", () => {
    expect(emailSamples().map((s) => s.name)).toEqual(Object.keys(templateTitles));
    expect(emails.length).toBeGreaterThanOrEqual(Object.keys(templateTitles).length - 1);
  });

  it.each(emails.map((s) => [s.name, s] as const))("%s: Resend gets the text as is and branded HTML", async (_, s) => {
    await channelDeliverer(env(), neverOutbox).deliver(queued(s));
    const body = resend.sent[0]?.body as { text: string; html: string; subject: string; headers?: unknown };
    // The plain-text part is the message's text, word for word (the passcode filled in at delivery).
    expect(body.text).toBe(s.text);
    expect(body.subject).toBe(s.subject);
    const html = body.html;
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(html).toContain("@media (prefers-color-scheme:dark)");
    expect(html).toContain(`<title>${s.subject.replace(/'/g, "&#x27;")}</title>`);
    // The footer: the lender's name and address.
    const shown = visibleText(html);
    expect(shown).toContain(`${brand.lender}, serviced by ${brand.legalName}`);
    for (const line of address.lines) expect(shown).toContain(line);
    // Every word of the text is in the HTML (lists without their dashes).
    expect(shown).toContain(folded(s.text));
    // Every web address of the text is a link.
    for (const url of s.text.match(/https?:\/\/\S+[^\s.,]/g) ?? [])
      expect(html).toContain(`<a href="${url.replace(/&/g, "&amp;")}"`);
    expect(body.headers).toBeUndefined();
  });

  it("a reset link and the e-sign reminder's login address are links in the HTML", async () => {
    const reset = emails.find((s) => s.name === "resetLink")!;
    expect(await emailHtml(reset)).toContain(
      '<a href="https://ridgelinecredit.example/reset-password?token=sample-reset-token"',
    );
    const reminder = emails.find((s) => s.name === "esignReminder")!;
    // The sentence's full stop is not part of the address.
    expect(await emailHtml(reminder)).toContain('<a href="https://ridgelinecredit.example/login"');
  });

  it("reads lists and links from the text", () => {
    expect(emailBlocks("Reasons:\n- One, see https://x.example/a.\n- Two\n\nBye")).toEqual([
      { kind: "paragraph", lines: [[{ kind: "words", text: "Reasons:" }]] },
      {
        kind: "list",
        items: [
          [
            { kind: "words", text: "One, see " },
            { kind: "link", href: "https://x.example/a" },
            { kind: "words", text: "." },
          ],
          [{ kind: "words", text: "Two" }],
        ],
      },
      { kind: "paragraph", lines: [[{ kind: "words", text: "Bye" }]] },
    ]);
  });

  it("its colours are the design system's tokens (app/styles/tokens.css)", () => {
    const tokens = readFileSync(new URL("../../app/styles/tokens.css", import.meta.url), "utf8");
    for (const [name, value] of Object.entries(emailPalette))
      expect(tokens, `--${name}`).toMatch(new RegExp(`--${name}: ${value};`));
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  const sample = emails.find((s) => s.name === "platformEmail")!;

  it("only a marketing e-mail carries List-Unsubscribe and List-Unsubscribe-Post, as Resend's headers", async () => {
    const deliverer = channelDeliverer(env(), neverOutbox);
    await deliverer.deliver(queued(sample, "service"));
    await deliverer.deliver(queued(sample, "marketing"));
    await deliverer.deliver({ ...queued(sample), category: undefined, id: "msg-before-categories" });
    const [service, marketing, older] = resend.sent.map((s) => s.body as { headers?: Record<string, string> });
    expect(service?.headers).toBeUndefined();
    expect(older?.headers).toBeUndefined();
    const headers = marketing?.headers ?? {};
    expect(Object.keys(headers).sort()).toEqual(["List-Unsubscribe", "List-Unsubscribe-Post"]);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/ridgelinecredit\.example\/api\/unsubscribe\/([\w-]+))>$/.exec(
      headers["List-Unsubscribe"] ?? "",
    );
    expect(url).not.toBeNull();
    // No address in the URL, in any form: the token is sealed.
    expect(url![1]).not.toMatch(/jordan|example\.com|%40|@/i);
    expect(await openUnsubscribeToken(SECRET, url![2]!, Date.now())).toEqual({
      address: "jordan.sample@example.com",
    });
    // The same link in the HTML's footer, for a reader whose client shows no button.
    expect(resend.sent[1]?.body.html).toContain(`<a href="${url![1]}"`);
    expect(resend.sent[0]?.body.html).not.toContain("/api/unsubscribe/");
  });

  it("a marketing e-mail with no site origin for its link is refused, not sent without one", async () => {
    const error = await channelDeliverer({ ...env(), SITE_ORIGIN: undefined }, neverOutbox)
      .deliver(queued(sample, "marketing"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(resend.sent).toEqual([]);
  });
});
