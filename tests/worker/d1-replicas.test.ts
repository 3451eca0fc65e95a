import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "#server/http/d1-session";
import { stepFields, wizardApplicant } from "./helpers/applicants";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { postForm, send } from "./helpers/http";
import { dropReplica, lagReplica } from "./helpers/replica";

/**
 * Issue 19, read from the nearest replica: every request reads through a D1
 * session; a borrower's requests carry the bookmark of their last write (a
 * cookie), so they read their own writes even from a replica that lags. The
 * replica here lags for real (a copy of the data from before the write,
 * tests/worker/helpers/replica.ts), so a request without the bookmark reads
 * the old data, and these tests fail if the bookmark is not used.
 */
afterEach(dropReplica);

const bookmarkOf = (response: Response): string | null => {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    if (pair?.startsWith(`${BOOKMARK_COOKIE}=`)) return pair;
  }
  return null;
};

/** The account page's summary (balance, limit, available credit, what is due). */
async function summaryShown(cookie: string): Promise<string> {
  const res = await send("/account", { cookie });
  expect(res.status).toBe(200);
  const html = await res.text();
  return html.match(/<section class="summary card"[\s\S]*?<\/section>/)?.[0] ?? "(no summary)";
}

/** The main phone number the preferences page shows. */
async function phoneShown(cookie: string): Promise<string> {
  const res = await send("/preferences", { cookie });
  expect(res.status).toBe(200);
  const input = /<input[^>]*name="mainPhone"[^>]*>/.exec(await res.text())?.[0] ?? "";
  return /value="([^"]*)"/.exec(input)?.[1] ?? "(no phone)";
}

/** The preferences saved as they stand, with a new main phone number: a write to the shared database. */
async function savePhone(b: SignedInBorrower, phone: string): Promise<Response> {
  const row = await env.DB.prepare(
    "SELECT email, allow_marketing_emails, allow_marketing_calls FROM customers WHERE id = ?",
  )
    .bind(b.customerId)
    .first<Record<string, string | number>>();
  const saved = await postForm(
    "/preferences",
    {
      intent: "save",
      email: String(row!.email),
      emailMarketing: row!.allow_marketing_emails ? "yes" : "no",
      callMarketing: row!.allow_marketing_calls ? "yes" : "no",
      mainPhone: phone,
      mainIsCell: "on",
      cellPhone: "",
    },
    { cookie: b.cookie },
  );
  expect(saved.status, "the save is answered").toBeLessThan(400);
  return saved;
}

async function drawHundred(cookie: string): Promise<Response> {
  const review = await (await postForm("/draw", { intent: "review", amount: "100" }, { cookie })).text();
  const key = /<input type="hidden" name="key" value="([^"]+)"/.exec(review)?.[1];
  expect(key).toBeTruthy();
  const submitted = await postForm("/draw", { intent: "submit", amount: "100", key: key! }, { cookie });
  return submitted;
}

describe("reads from a lagging replica", { timeout: 60_000 }, () => {
  it("never serves stale contact details after a save: the save's bookmark reads them back; an older bookmark would not", async () => {
    const b = await signedInBorrower("current");
    const before = await phoneShown(b.cookie);
    const replicaBookmark = await lagReplica();

    const saved = await savePhone(b, "6145550199");
    const afterSave = bookmarkOf(saved);
    expect(afterSave, "the save answers the bookmark of its write").not.toBeNull();

    const shown = await phoneShown(`${b.cookie}; ${afterSave}`);
    expect(shown, "the new number shows at once").not.toBe(before);
    expect(shown.replace(/\D/g, "")).toBe("6145550199");
    // The control: the same session at the replica's (older) bookmark reads the replica's copy, from before the save.
    expect(await phoneShown(`${b.cookie}; ${BOOKMARK_COOKIE}=${replicaBookmark}`)).toBe(before);
    await dropReplica();
    expect(await phoneShown(b.cookie), "what the primary holds").toBe(shown);
  });

  it("a draw shows at once at any bookmark: the balance is the line's object's, never a replica's", async () => {
    const b = await signedInBorrower("current");
    const before = await summaryShown(b.cookie);
    const replicaBookmark = await lagReplica();
    expect(await (await drawHundred(b.cookie)).text()).toContain("Thank you! Your draw request was received.");
    const atOldBookmark = await summaryShown(`${b.cookie}; ${BOOKMARK_COOKIE}=${replicaBookmark}`);
    expect(atOldBookmark).not.toBe(before);
    await dropReplica();
    expect(await summaryShown(b.cookie)).toBe(atOldBookmark);
  });

  it("a borrower with a session but no bookmark starts at the primary", async () => {
    const b = await signedInBorrower("current");
    await lagReplica();
    await savePhone(b, "6145550197");
    // Only the session's cookie, not the save's bookmark: read at the replica, the old number would show.
    const withoutBookmark = await phoneShown(b.cookie);
    expect(withoutBookmark.replace(/\D/g, "")).toBe("6145550197");
    await dropReplica();
    expect(withoutBookmark).toBe(await phoneShown(b.cookie));
  });

  it("an applicant reads the step they just saved: the first step's session comes with its bookmark", async () => {
    await lagReplica();
    const saved = await postForm("/apply/personal", stepFields(wizardApplicant()).personal);
    expect(saved.status).toBe(302);
    const session = saved.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__Host-rl_session="));
    const bookmark = bookmarkOf(saved);
    expect(session && bookmark).toBeTruthy();
    // The replica has no such session: read there, the applicant would be sent back to the start.
    const next = await send("/apply/address", { cookie: `${session}; ${bookmark}` });
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Address");
  });

  it("a visitor's public reads may come from the replica, and set no cookie", async () => {
    await lagReplica();
    const res = await send("/api/documents/privacy-policy");
    expect(bookmarkOf(res)).toBeNull();
  });

  it("a made-up bookmark is no bookmark: the request starts at the primary", async () => {
    const b = await signedInBorrower("current");
    const res = await send("/account", { cookie: `${b.cookie}; ${BOOKMARK_COOKIE}=not-a-bookmark` });
    expect(res.status).toBe(200);
  });

  it("a post reads the primary, whatever bookmark it carries: a step saved after the replica's copy is found", async () => {
    const replicaBookmark = await lagReplica();
    const a = wizardApplicant();
    const saved = await postForm("/apply/personal", stepFields(a).personal);
    const session = saved.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__Host-rl_session="));
    // The replica has no such session; read there, the address step would send the applicant back to the start.
    const next = await postForm("/apply/address", stepFields(a).address, {
      cookie: `${session}; ${BOOKMARK_COOKIE}=${replicaBookmark}`,
    });
    expect(next.headers.get("Location")).toBe("/apply/income");
  });

  it("a draw's SUBMIT at the browser's older bookmark is checked against the line in its object: another tab's draw counts", async () => {
    const b = await signedInBorrower("current");
    const review = await (await postForm("/draw", { intent: "review", amount: "200" }, { cookie: b.cookie })).text();
    const hidden = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(review)?.[1] ?? "";
    const replicaBookmark = await lagReplica();
    // Another tab uses up the credit; the replica (lagging) still holds the shared rows from before.
    const available = Number(
      /data-figure="available">\$([\d,.]+)</
        .exec(await (await send("/draw", { cookie: b.cookie })).text())![1]!
        .replace(/,/g, ""),
    );
    const other = await (
      await postForm(
        "/draw",
        { intent: "review", amount: String(Math.floor(available / 25) * 25 - 150) },
        { cookie: b.cookie },
      )
    ).text();
    const otherKey = /name="key" value="([^"]+)"/.exec(other)![1]!;
    const otherAmount = /name="amount" value="([^"]+)"/.exec(other)![1]!;
    expect(
      await (
        await postForm("/draw", { intent: "submit", amount: otherAmount, key: otherKey }, { cookie: b.cookie })
      ).text(),
    ).toContain("Thank you! Your draw request was received.");

    const atOldBookmark = `${b.cookie}; ${BOOKMARK_COOKIE}=${replicaBookmark}`;
    const refused = await postForm(
      "/draw",
      { intent: "submit", amount: hidden("amount"), key: hidden("key"), applNo: hidden("applNo") },
      { cookie: atOldBookmark },
    );
    // Whatever bookmark the form carries, the line is read and checked in its object: the other tab's draw counts, and nothing is drawn.
    expect(await refused.text()).toContain(
      "Nothing was drawn. Since your review, your available credit changed and the largest draw now allowed is $150.00.",
    );
  });

  it("log out clears the bookmark with the session", async () => {
    const b = await signedInBorrower("current");
    const bookmark = bookmarkOf(await savePhone(b, "6145550198"))!;
    const out = await postForm("/logout", {}, { cookie: `${b.cookie}; ${bookmark}` });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
