import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { walkWizard, wizardApplicant } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { postForm, redirectPath, send } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * E-sign's paths beside the happy one (issue 15), page posts as a browser
 * without JavaScript makes them: the inline password (checked before a
 * passcode is spent, optional in fact), the withdrawal (military, passcode
 * limit) on every page, contact consent as answered, the account-ready e-mail.
 */

interface Applicant {
  cookie: string;
  email: string;
  customerId: string;
}

/** An approved applicant (no password yet) holding the e-sign session, as the wizard leaves them. */
async function applicant(): Promise<Applicant> {
  const a = wizardApplicant();
  const walk = await walkWizard(a);
  expect(walk.landing).toBe("/apply/approved");
  const row = await env.DB.prepare("SELECT id FROM customers WHERE email = ?").bind(a.email).first<{ id: string }>();
  return { cookie: walk.cookie!, email: a.email, customerId: row!.id };
}

const page = async (path: string, cookie: string) => {
  const res = await send(path, { cookie });
  return { status: res.status, to: redirectPath(res), html: await res.text() };
};
const post = async (path: string, fields: Record<string, string>, cookie: string) => {
  const res = await postForm(path, fields, { cookie });
  return { status: res.status, to: redirectPath(res), html: await res.text() };
};

const passcodesTo = async (email: string) =>
  (
    await (
      await settledDb()
    )
      .prepare("SELECT body FROM outbox WHERE recipient = ? AND subject LIKE '%passcode%' ORDER BY id DESC")
      .bind(email)
      .all<{ body: string }>()
  ).results;
const latestCode = async (email: string) => (await passcodesTo(email))[0]!.body.match(/passcode is (\d{6})/)![1]!;
const digits = (code: string) => Object.fromEntries(code.split("").map((d, i) => [`d${i + 1}`, d]));

async function agreeAll(cookie: string) {
  for (const kind of ["agrarbitration", "agreleconsent", "agrcredit"])
    expect((await post("/esign/consent", { intent: `agree:${kind}`, from: "page" }, cookie)).to).toBe("/esign/consent");
}

const WITHDRAWN = /withdrawn/i;
const SUCCESS = /Congrat|conditionally approved|successfully eSigned/;

describe("the consent page's inline password", { timeout: 30_000 }, () => {
  it("refuses a common password before any passcode is sent, and says why", async () => {
    const a = await applicant();
    const answer = await post(
      "/esign/consent",
      { intent: "pwCreate", password: "P@ssw0rd", confirmPassword: "P@ssw0rd" },
      a.cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("This password is too common.");
    expect(await passcodesTo(a.email)).toHaveLength(0);
    expect((await page("/esign/consent", a.cookie)).html).not.toContain("We e-mailed you a six-digit passcode");
  });

  it("answers NEXT with no digits or three digits with a message, never a 500, and keeps the code step", async () => {
    const a = await applicant();
    await post(
      "/esign/consent",
      { intent: "pwCreate", password: "Inline!pass61", confirmPassword: "Inline!pass61" },
      a.cookie,
    );
    for (const typed of [{}, { d1: "1", d2: "2", d3: "3" }] as Array<Record<string, string>>) {
      const answer = await post("/esign/consent", { intent: "pwCode", ...typed }, a.cookie);
      expect(answer.status).toBe(200);
      expect(answer.html).toContain("Please enter the six-digit passcode.");
      expect(answer.html).toContain("RESEND CODE");
    }
  });

  it("has RESEND CODE (a new passcode and the spec's notice), and a wrong code after it is told so", async () => {
    const a = await applicant();
    await post(
      "/esign/consent",
      { intent: "pwCreate", password: "Inline!pass61", confirmPassword: "Inline!pass61" },
      a.cookie,
    );
    const resent = await post("/esign/consent", { intent: "pwResend" }, a.cookie);
    expect(resent.status).toBe(200);
    expect(await passcodesTo(a.email)).toHaveLength(2);
    expect((await page("/esign/consent", a.cookie)).html).toContain(
      "We have received your request and sent your new passcode.",
    );
    const wrong = await post("/esign/consent", { intent: "pwCode", ...digits("000000") }, a.cookie);
    expect(wrong.html).toContain("The passcode you entered is incorrect.");
  });

  it("creates the password with the e-mailed code", async () => {
    const a = await applicant();
    await post(
      "/esign/consent",
      { intent: "pwCreate", password: "Inline!pass61", confirmPassword: "Inline!pass61" },
      a.cookie,
    );
    const done = await post("/esign/consent", { intent: "pwCode", ...digits(await latestCode(a.email)) }, a.cookie);
    expect(done.status).toBe(200);
    expect((await page("/esign/consent", a.cookie)).html).toContain("Your password is created.");
  });

  it("can be left at any step (Not now), and an abandoned code never blocks Save and Continue", async () => {
    const a = await applicant();
    await post(
      "/esign/consent",
      { intent: "pwCreate", password: "Inline!pass61", confirmPassword: "Inline!pass61" },
      a.cookie,
    );
    await agreeAll(a.cookie);
    // The code step abandoned: the consent saves.
    expect(
      (
        await post(
          "/esign/consent",
          { intent: "save", marketingTexts: "yes", marketingCalls: "no", drawAmount: "100" },
          a.cookie,
        )
      ).to,
    ).toBe("/esign/signature");
    const skipped = await post("/esign/consent", { intent: "pwSkip" }, a.cookie);
    expect(skipped.status).toBe(200);
    expect((await page("/esign/consent", a.cookie)).html).toContain("No password for now.");
  });

  it("the fifth wrong code withdraws the application and the page says so, as every e-sign and approval page then does", async () => {
    const a = await applicant();
    await post(
      "/esign/consent",
      { intent: "pwCreate", password: "Inline!pass61", confirmPassword: "Inline!pass61" },
      a.cookie,
    );
    const right = await latestCode(a.email);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++)
      expect((await post("/esign/consent", { intent: "pwCode", ...digits(wrong) }, a.cookie)).status).toBe(200);
    const fifth = await post("/esign/consent", { intent: "pwCode", ...digits(wrong) }, a.cookie);
    expect(fifth.to).toBe("/esign/consent");
    const consent = await page("/esign/consent", a.cookie);
    expect(consent.status).toBe(200);
    expect(consent.html).toContain("Verification failed. Your application has been withdrawn");
    for (const path of ["/esign/consent", "/esign/signature", "/apply/approved", "/esign/military"]) {
      const shown = await page(path, a.cookie);
      expect(shown.status, path).toBe(200);
      expect(shown.html, path).toMatch(WITHDRAWN);
      expect(shown.html, path).toContain("800.555.0142");
      expect(shown.html.replace(/<title>[^<]*<\/title>/, ""), path).not.toMatch(SUCCESS);
    }
  });
});

async function readyToSign(texts: string, calls: string): Promise<Applicant> {
  const a = await applicant();
  await agreeAll(a.cookie);
  expect(
    (
      await post(
        "/esign/consent",
        { intent: "save", marketingTexts: texts, marketingCalls: calls, drawAmount: "150" },
        a.cookie,
      )
    ).to,
  ).toBe("/esign/signature");
  return a;
}

const signFields = {
  repaymentMethod: "direct-deposit",
  military: "no",
  acceptTerms: "on",
  borrowerName: "Marisol Quintero",
};

describe("signing", { timeout: 30_000 }, () => {
  for (const [texts, calls] of [
    ["yes", "no"],
    ["no", "yes"],
    ["yes", "yes"],
    ["no", "no"],
  ] as const) {
    it(`stores texts ${texts} and calls ${calls} exactly as answered`, async () => {
      const a = await readyToSign(texts, calls);
      expect((await post("/esign/signature", signFields, a.cookie)).to).toBe("/esign/contact");
      const row = await env.DB.prepare(
        "SELECT allow_marketing_texts AS t, allow_marketing_calls AS c FROM customers WHERE id = ?",
      )
        .bind(a.customerId)
        .first();
      expect(row).toEqual({ t: texts === "yes" ? 1 : 0, c: calls === "yes" ? 1 : 0 });
    });
  }

  it("creates the line's object near where the signer's request came from (the edge's region), not only the address", async () => {
    const a = await readyToSign("yes", "no");
    // An Ohio applicant (the wizard's address) signing from Washington.
    const signed = await postForm("/esign/signature", signFields, {
      cookie: a.cookie,
      cf: { country: "US", regionCode: "WA" },
    });
    expect(redirectPath(signed)).toBe("/esign/contact");
    const entry = await env.DB.prepare(
      "SELECT d.store, d.location_hint AS hint FROM line_directory d JOIN lines l ON l.id = d.line_id WHERE l.customer_id = ?",
    )
      .bind(a.customerId)
      .first();
    expect(entry).toEqual({ store: "object", hint: "wnam" });
  });

  it("signs with the opening written in the line's object: two calls to it, and no more D1 trips than counted", async () => {
    const a = await readyToSign("yes", "no");
    const signed = await postForm("/esign/signature", signFields, { cookie: a.cookie });
    expect(redirectPath(signed)).toBe("/esign/contact");
    const timing = signed.headers.get("Server-Timing") ?? "";
    const objectCalls = [...timing.matchAll(/do-\d+;desc="([\w.]+)"/g)].map((m) => m[1]);
    expect(objectCalls).toEqual(["RateLimiter.hit", "LineLedger.open", "LineLedger.settle"]);
    // The page's own reads (session, tokens, applicant) and the opening's; decision record 032 lists them. The
    // development clock's read (at most once a second per isolate, never in production) is not counted.
    const d1 = timing.match(/d1;desc="(\d+) round trips, (\d+) sequential"/)!;
    const clockReads = timing.match(/desc="select settings"/g)?.length ?? 0;
    expect(Number(d1[1]) - clockReads).toBeLessThanOrEqual(18);
  });

  it("e-mails that the account is ready, with the first draw's amount and funding date", async () => {
    const a = await readyToSign("yes", "no");
    expect((await post("/esign/signature", signFields, a.cookie)).to).toBe("/esign/contact");
    const mail = await (await settledDb())
      .prepare("SELECT subject, body FROM outbox WHERE recipient = ? AND subject = 'Your line of credit is ready'")
      .bind(a.email)
      .all<{ body: string }>();
    expect(mail.results).toHaveLength(1);
    const [text, signOff] = mail.results[0]!.body.split("\n\n");
    expect(text).toMatch(
      /^Hello Marisol, your .+ line of credit is ready\. .*Your first draw of \$150\.00 is on its way: it may show in your bank account as soon as [A-Z][a-z]+\.? \d{1,2}, \d{4}\.$/,
    );
    // Every e-mail says how to reach a person: the company, its phone and hours (configuration).
    expect(signOff).toBe(
      "Ridgeline Credit Customer Service\n1.800.555.0142, Monday - Thursday 8 a.m. - 9 p.m. ET; Friday 8 a.m. - 8 p.m. ET; Saturday - Sunday 8 a.m. - 5 p.m. ET",
    );
  });

  it("the military statement asks for confirmation before anything is withdrawn, then every page shows the withdrawal", async () => {
    const a = await readyToSign("yes", "no");
    const asked = await post("/esign/signature", { ...signFields, military: "yes" }, a.cookie);
    expect(asked.status).toBe(200);
    expect(asked.html).toContain("Withdraw your application?");
    const line = () =>
      env.DB.prepare("SELECT l.status FROM lines l WHERE l.customer_id = ?")
        .bind(a.customerId)
        .first<{ status: string }>();
    expect((await line())!.status).toBe("awaiting_esign");
    const confirmed = await post("/esign/signature", { military: "yes", intent: "withdraw" }, a.cookie);
    expect(confirmed.to).toBe("/esign/military");
    expect((await line())!.status).toBe("withdrawn");
    for (const path of ["/esign/military", "/esign/consent", "/esign/signature", "/esign/contact", "/apply/approved"]) {
      const shown = await page(path, a.cookie);
      expect(shown.status, path).toBe(200);
      expect(shown.html, path).toContain("complete your line of credit");
      expect(shown.html.replace(/<title>[^<]*<\/title>/, ""), path).not.toMatch(SUCCESS);
    }
  });

  it("/esign/military is not public: a visitor goes to log in, an applicant still e-signing to consent", async () => {
    expect((await page("/esign/military", "")).to).toBe("/login?CalledFrom=Esign");
    const a = await applicant();
    expect((await page("/esign/military", a.cookie)).to).toBe("/esign/consent");
  });

  it("a borrower who chose Paper Check at banking finds it chosen at signing, with why it cannot be used", async () => {
    const a = await readyToSign("yes", "no");
    await env.DB.prepare("UPDATE lines SET repayment_method = 'K' WHERE customer_id = ?").bind(a.customerId).run();
    const shown = await page("/esign/signature", a.cookie);
    expect(shown.html).toMatch(/<input[^>]*(value="paper-check"[^>]*checked=""|checked=""[^>]*value="paper-check")/);
    expect(shown.html).toContain("Paper check repayment is not available for your line.");
  });
});

describe("a signed-in borrower's e-sign", { timeout: 30_000 }, () => {
  it("the success page shows the portal navigation", async () => {
    const b = await signedInBorrower("esign");
    await agreeAll(b.cookie);
    expect(
      (
        await post(
          "/esign/consent",
          { intent: "save", marketingTexts: "yes", marketingCalls: "no", refuseDraw: "on" },
          b.cookie,
        )
      ).to,
    ).toBe("/esign/signature");
    const name = await env.DB.prepare("SELECT first_name || ' ' || last_name AS n FROM customers WHERE id = ?")
      .bind(b.customerId)
      .first<{ n: string }>();
    expect((await post("/esign/signature", { ...signFields, borrowerName: name!.n }, b.cookie)).to).toBe(
      "/esign/contact",
    );
    const success = await page("/esign/contact", b.cookie);
    expect(success.html).toMatch(/<nav aria-label="Account"/);
    expect(success.html).toContain("Request a Draw");
  });
});
