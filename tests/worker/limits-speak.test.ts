import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rateLimit, rateLimitPolicies } from "#server/http/rate-limit";
import { tryAgainIn } from "#server/http/retry-after";
import { TOO_MANY, tooMany } from "../../app/routes/access.server";
import { CONTACT_TOO_MANY } from "../../app/routes/contact.schema";
import { freshIp, postForm } from "./helpers/http";

/**
 * Issue 14, item 10: a refused person is told so, and when to try again.
 * The contact form's limit answers 429 with Retry-After and shows the
 * message on the page (a full page post, as without JavaScript, and the
 * `.data` post the page makes with JavaScript), keeping what was typed; the
 * access doors' limit messages say when, from the limit's own Retry-After.
 * rate-limits-recover.test.ts trips every policy at its door.
 */

/** The markup a person sees: without the hydration data of <script>s (React escapes apostrophes). */
async function visibleText(res: Response): Promise<string> {
  const html = await res.text();
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("<!-- -->", "");
}

const message = {
  firstName: "Rae",
  lastName: "Lim",
  email: "rae.lim@example.com",
  phone: "",
  messageCategory: "other",
  message: "A question about my statement.",
};

/** The contact limit spent for this IP, as ten earlier messages would have spent it. */
async function spentContactLimit(ip: string) {
  for (let i = 0; i < rateLimitPolicies.contactPerIp.limit; i++) await rateLimit(env, "contactPerIp", ip);
}

describe("the contact form's limit", () => {
  it("answers the 11th message with 429, Retry-After and a message on the page saying when, keeping what was typed", async () => {
    const ip = freshIp();
    await spentContactLimit(ip);
    const res = await postForm("/contact", message, { ip });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rateLimitPolicies.contactPerIp.windowMs / 1000);
    const page = await visibleText(res);
    expect(page).toContain(`role="alert"><strong>${CONTACT_TOO_MANY}</strong>`);
    expect(page).toContain(`Your message was not sent. Please try again ${tryAgainIn(retryAfter)}, or call us`);
    expect(page).toContain(`>${message.message}</textarea>`);
    expect(page).toContain(`value="${message.email}"`);
  });

  it("answers the page's own .data post the same way (JavaScript on)", async () => {
    const ip = freshIp();
    await spentContactLimit(ip);
    const res = await postForm("/contact.data", message, { ip });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    const body = await res.text();
    expect(body).toContain(CONTACT_TOO_MANY);
    expect(body).toContain(`"retryAfterSeconds",${retryAfter}`);
  });
});

describe("the access doors' limits", () => {
  it("say when to try again, from the limit's own wait", async () => {
    const email = `limit-${crypto.randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < rateLimitPolicies.passwordResetPerEmail.limit; i++)
      await rateLimit(env, "passwordResetPerEmail", email);
    const res = await postForm("/reset-password", { email, last4: "1234", birthdate: "05/17/1990" });
    const page = await visibleText(res);
    expect(page).toContain(TOO_MANY);
    expect(page).toMatch(
      /We've received too many requests\. Please try again in (\d+ minutes|about an hour|a minute), or call us\./,
    );
    expect(tooMany(600)).toBe(`${TOO_MANY} Please try again in 10 minutes, or call us.`);
  });
});
