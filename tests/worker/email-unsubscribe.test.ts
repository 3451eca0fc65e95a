import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import type { Env } from "#server/env";
import worker from "#server/worker";
import { outgoingFor, withOutgoing } from "../../functions/servicing/outgoing";
import { email, templateTitles } from "../../functions/servicing/templates";
import { listUnsubscribeHeaders, unsubscribeToken } from "../../functions/servicing/unsubscribe-links";

/**
 * Issue 35: a marketing e-mail's one-click unsubscribe (RFC 8058) over the
 * whole Worker, and /dev/emails. The POST of `List-Unsubscribe=One-Click` to
 * the e-mail's link records an e-mail marketing suppression (later marketing
 * to the address is suppressed, account e-mails still go); a GET changes
 * nothing; a forged, altered or expired token is refused. /dev/emails shows
 * every template, rendered inside workerd, and is 404 outside development.
 */
const db = () => database(env.DB);
const uniqueEmail = () => `unsub.${crypto.randomUUID().slice(0, 8)}@example.com`;
const DAY_MS = 86_400_000;

async function call(path: string, init: RequestInit = {}, environment: Env = env) {
  const request = new Request(`${env.SITE_ORIGIN}${path}`, init);
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, environment, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A form post: URL-encoded as a string, multipart (its own boundary) as FormData. */
const oneClick = (path: string, body: string | FormData = "List-Unsubscribe=One-Click") =>
  call(path, {
    method: "POST",
    ...(typeof body === "string" ? { headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
    body,
  });

const suppressionOf = (address: string) =>
  env.DB.prepare("SELECT scope, reason FROM suppressions WHERE channel = 'email' AND address = ?")
    .bind(address)
    .first<{ scope: string; reason: string }>();

/** The path of the link a marketing e-mail to `address` carries. */
async function linkFor(address: string, sentAt = Date.now()) {
  const { url } = await listUnsubscribeHeaders(env, address, sentAt);
  return new URL(url).pathname;
}

describe("one-click unsubscribe", () => {
  it("the provider's POST records a marketing suppression; marketing stops, account e-mails go on", async () => {
    const address = uniqueEmail();
    const path = await linkFor(address);
    expect(path).not.toContain(address.split("@")[0]);
    const answer = await oneClick(path);
    expect(answer.status).toBe(200);
    expect(await suppressionOf(address)).toEqual({ scope: "marketing", reason: "unsubscribe" });
    // Twice is the same as once (a client may retry).
    expect((await oneClick(path)).status).toBe(200);
    const outgoing = outgoingFor(withOutgoing(db(), env, Date.now));
    const to = { email: address, firstName: "Jordan", id: null };
    const offer = email("platformEmail", to, "An offer", "a new offer for you.", "marketing");
    expect((await outgoing.send(offer)).status).toBe("suppressed");
    const statement = email("platformEmail", to, "Your statement", "your statement is ready.");
    expect((await outgoing.send(statement)).status).toBe("queued");
  });

  it("a multipart one-click POST (as some providers send it) is accepted too", async () => {
    const address = uniqueEmail();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    expect((await oneClick(await linkFor(address), form)).status).toBe(200);
    expect(await suppressionOf(address)).toMatchObject({ scope: "marketing" });
  });

  it("a GET (a link scanner, a person's browser) only shows the button and records nothing", async () => {
    const address = uniqueEmail();
    const page = await call(await linkFor(address));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
    expect(await suppressionOf(address)).toBeNull();
  });

  it("a bad, altered, foreign or expired token is refused and records nothing", async () => {
    const address = uniqueEmail();
    const good = (await linkFor(address)).split("/").at(-1)!;
    const flipped = `${good.slice(0, 20)}${good[20] === "A" ? "B" : "A"}${good.slice(21)}`;
    const foreign = await unsubscribeToken("another-secret-of-at-least-32-characters!!", address, Date.now());
    for (const token of ["not-a-token", flipped, foreign, ""]) {
      const answer = await oneClick(`/api/unsubscribe/${token}`);
      expect([400, 404]).toContain(answer.status);
    }
    const expired = await linkFor(address, Date.now() - 61 * DAY_MS);
    expect((await oneClick(expired)).status).toBe(410);
    expect((await call(expired)).status).toBe(410);
    expect(await suppressionOf(address)).toBeNull();
  });

  it("a POST without List-Unsubscribe=One-Click changes nothing", async () => {
    const address = uniqueEmail();
    expect((await oneClick(await linkFor(address), "something=else")).status).toBe(400);
    expect(await suppressionOf(address)).toBeNull();
  });

  it("never narrows a bounce's stop on every e-mail", async () => {
    const address = uniqueEmail();
    await env.DB.prepare(
      "INSERT INTO suppressions (channel, address, scope, reason, updated_at) VALUES ('email', ?, 'all', 'bounced', 0)",
    )
      .bind(address)
      .run();
    expect((await oneClick(await linkFor(address))).status).toBe(200);
    expect(await suppressionOf(address)).toEqual({ scope: "all", reason: "unsubscribe" });
  });
});

describe("/dev/emails", () => {
  it("lists every template, with frames at 360 and 600 px, under the site's strict policy", async () => {
    const page = await call("/dev/emails");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const name of Object.keys(templateTitles)) expect(html, name).toContain(`id="${name}"`);
    expect(html).toContain('src="/dev/emails/adverseAction" width="360"');
    expect(html).toContain('src="/dev/emails/adverseAction" width="600"');
    const csp = page.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("each frame is the template's e-mail HTML, rendered in workerd, allowed inline styles and nothing else", async () => {
    const frame = await call("/dev/emails/statementReady");
    expect(frame.status).toBe(200);
    const html = await frame.text();
    expect(html).toContain("Ridgeline Tribal Lending Authority, serviced by Ridgeline Credit, LLC");
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    const csp = frame.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("sandbox");
    expect((await call("/dev/emails/platformText")).status).toBe(404);
    expect((await call("/dev/emails/noSuchTemplate")).status).toBe(404);
  });

  it("is 404 outside development", async () => {
    for (const environment of ["preview", "production"] as const) {
      const deployed: Env = { ...env, ENVIRONMENT: environment };
      expect((await call("/dev/emails", {}, deployed)).status).toBe(404);
      expect((await call("/dev/emails/passcode", {}, deployed)).status).toBe(404);
    }
  });
});
