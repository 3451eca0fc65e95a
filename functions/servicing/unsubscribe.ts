import { Hono } from "hono";
import { database } from "#db/client";
import { brand } from "#domain/config";
import { suppressEmail } from "./email-suppressions";
import type { CoreEnv } from "./env";
import { openUnsubscribeToken } from "./unsubscribe-links";

/**
 * The one-click unsubscribe endpoint (RFC 8058), at /api/unsubscribe/TOKEN on
 * the site (unsubscribe-links.ts makes the links): the mailbox provider POSTs
 * `List-Unsubscribe=One-Click` and the address is suppressed for marketing
 * e-mail. A GET shows a page with the button and changes nothing: link
 * scanners and previews fetch every URL of a message.
 */

/** A page of its own, no script and no style: it may post only back to this origin. */
const PAGE_CSP = "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} | ${brand.name}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

const REFUSED = {
  invalid: { status: 400, title: "This link does not work", words: "This unsubscribe link is not valid." },
  expired: { status: 410, title: "This link has expired", words: "This unsubscribe link has expired." },
} as const;

const PREFERENCES = `<p>To stop marketing e-mails, log in to your ${brand.name} account and choose Preferences.</p>`;

export const unsubscribeRoutes = new Hono<{ Bindings: CoreEnv }>();

unsubscribeRoutes.use(async (c, next) => {
  await next();
  c.res.headers.set("Content-Security-Policy", PAGE_CSP);
});

unsubscribeRoutes.get("/:token", async (c) => {
  const opened = await openUnsubscribeToken(c.env.SSN_ENCRYPTION_KEY, c.req.param("token"), Date.now());
  if ("refused" in opened) {
    const refusal = REFUSED[opened.refused];
    return c.html(page(refusal.title, `<p>${refusal.words}</p>${PREFERENCES}`), refusal.status);
  }
  return c.html(
    page(
      "Unsubscribe from marketing e-mails",
      `<p>You will still receive e-mails about your account, such as statements and payment notices.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    ),
  );
});

unsubscribeRoutes.post("/:token", async (c) => {
  const now = Date.now();
  const opened = await openUnsubscribeToken(c.env.SSN_ENCRYPTION_KEY, c.req.param("token"), now);
  if ("refused" in opened) {
    const refusal = REFUSED[opened.refused];
    return c.html(page(refusal.title, `<p>${refusal.words}</p>${PREFERENCES}`), refusal.status);
  }
  // RFC 8058 3.1: the one-click POST says so in its body; anything else is not an unsubscribe.
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  if (form["List-Unsubscribe"] !== "One-Click")
    return c.html(page("Nothing was changed", "<p>The request did not ask to unsubscribe.</p>"), 400);
  await suppressEmail(database(c.env.DB), opened.address, "marketing", "unsubscribe", now);
  return c.html(
    page(
      "You are unsubscribed",
      `<p>${brand.name} will send no more marketing e-mails to this address. E-mails about your account continue.</p>`,
    ),
  );
});
