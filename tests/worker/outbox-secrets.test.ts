import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { outbox } from "#db/schema/servicing";
import { messages } from "#domain/config";
import { catalogue, EMBEDDED_MERCHANT_ID, memoryTokenHolder, PlatformClient } from "#platform";
import type { Env } from "#server/env";
import worker from "#server/worker";
import { embeddedTransport } from "../../functions/platform/embedded-transport";
import { copyDemoBorrower } from "../../functions/servicing/demo";
import { purgeOldOutbox } from "../../functions/servicing/messages";
import { postForm } from "./helpers/http";
import { settledDb } from "./helpers/messages";

/**
 * Issue 14, item 8 (the outbox): the default message provider keeps every
 * message in the D1 outbox. In development the record is the whole message
 * (a person reading /dev/outbox needs the passcode); in preview and
 * production it is the message without its secret (the template, with the
 * code or link as a placeholder), so a copy of the database holds no live
 * passcode or reset link. The scheduled run purges old records.
 */

const { auth, communications } = catalogue;
const db = database(env.DB);
/**
 * The deployed environments, without the queue binding: their messages are
 * delivered at once under that environment (the queue's consumer runs under
 * the same environment when there is one: message-dispatch.test.ts).
 */
const production: Env = { ...env, ENVIRONMENT: "production", MESSAGES: undefined as never };
const preview: Env = { ...env, ENVIRONMENT: "preview", MESSAGES: undefined as never };
const client = (environment: Env) =>
  new PlatformClient(embeddedTransport(environment), memoryTokenHolder(), EMBEDDED_MERCHANT_ID);

type Row = { channel: string; subject: string; body: string };
const lastTo = async (recipient: string) =>
  (await settledDb())
    .prepare("SELECT channel, subject, body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
    .bind(recipient)
    .first<Row>();

const uniquePhone = () => `6145${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
const uniqueEmail = () => `outbox.${crypto.randomUUID().slice(0, 8)}@example.com`;

/** Six digits together, or spaced out as a call reads them. */
const CODE = /\b\d{6}\b|\b\d(?: \d){5}\b/;

/** The three passcode channels: each sends to a fresh recipient and answers where to read it. */
const channels = [
  [
    "text",
    async (c: PlatformClient) => {
      const to = uniquePhone();
      return { to, sent: await c.call(communications.SendSmsOtp, { phoneNumber: to }) };
    },
  ],
  [
    "call",
    async (c: PlatformClient) => {
      const to = uniquePhone();
      return { to, sent: await c.call(communications.PinDelivery, { phoneNumber: to }) };
    },
  ],
  [
    "e-mail",
    async (c: PlatformClient) => {
      const to = uniqueEmail();
      return { to, sent: await c.call(communications.SendEmailOtp, { email: to }) };
    },
  ],
] as const;

describe("passcodes in the outbox", () => {
  for (const [name, send] of channels) {
    for (const environment of [production, preview]) {
      it(`${environment.ENVIRONMENT}: a ${name} passcode is kept without its code`, async () => {
        const { to, sent } = await send(client(environment));
        expect(sent.statusCode).toBe("0");
        const row = (await lastTo(to))!;
        expect(row.body).toContain("{{code}}");
        expect(row.body).toContain("10 minutes");
        expect(row.body).not.toMatch(CODE);
        expect(row.subject).not.toMatch(CODE);
      });
    }

    it(`development: a ${name} passcode is kept whole, and its code verifies`, async () => {
      const c = client(env);
      const { to, sent } = await send(c);
      const row = (await lastTo(to))!;
      expect(row.body).not.toContain("{{code}}");
      const code = row.body.match(CODE)![0].replaceAll(" ", "");
      expect((await c.call(communications.VerifySmsOtp, { pin: code, ewSID: sent.ewSID })).statusCode).toBe("0");
    });
  }
});

describe("password reset links in the outbox", () => {
  async function resetFor(environment: Env) {
    const made = (await copyDemoBorrower(db, env, "current@demo.ridgeline.test"))!;
    await client(environment).call(auth.ResetPassword, {
      email: made.email,
      last4SSN: made.last4SSN,
      DateOfBirth: made.dob,
      resetUrlBase: "https://ridgelinecredit.example/reset-password",
    });
    return { made, row: (await lastTo(made.email))! };
  }

  it("production: the e-mail is kept without its link (no token at rest)", async () => {
    const { row } = await resetFor(production);
    expect(row.subject).toBe("Reset your password");
    expect(row.body).toContain("{{link}}");
    expect(row.body).not.toMatch(/https?:|token=/);
  });

  it("development: the e-mail is kept whole, and its link's token validates", async () => {
    const { made, row } = await resetFor(env);
    const link = new URL(row.body.match(/https:\S+/)![0]);
    expect(link.origin + link.pathname).toBe("https://ridgelinecredit.example/reset-password");
    const state = await client(env).call(auth.ValidateToken, { token: link.searchParams.get("token")! });
    expect(state).toMatchObject({ tokenState: 0, emailAddress: made.email });
  });

  it("points at SITE_ORIGIN even when the reset request says Host: evil.example", async () => {
    const made = (await copyDemoBorrower(db, env, "current@demo.ridgeline.test"))!;
    const res = await postForm(
      "/reset-password",
      { email: made.email, last4: made.last4SSN, birthdate: made.dob.replace(/^(\d{4})-(\d{2})-(\d{2})$/, "$2/$3/$1") },
      { origin: null, host: "evil.example" },
    );
    expect(res.status).toBe(200);
    const row = (await lastTo(made.email))!;
    const link = new URL(row.body.match(/https?:\S+/)![0]);
    expect(link.origin).toBe(env.SITE_ORIGIN);
    expect(row.body).not.toContain("evil");
  });
});

describe("the scheduled purge of the outbox", () => {
  const keepMs = messages.outboxRetentionDays * 86_400_000;
  const write = async (recipient: string, createdAt: number) =>
    db.insert(outbox).values({ channel: "email", recipient, subject: "Old", body: "An old notice", createdAt });

  it("deletes records older than the retention period and keeps newer ones", async () => {
    const now = Date.now();
    const [old, recent] = [uniqueEmail(), uniqueEmail()];
    await write(old, now - keepMs - 60_000);
    await write(recent, now - keepMs + 60_000);
    await purgeOldOutbox(db, now);
    expect(await lastTo(old)).toBeNull();
    expect(await lastTo(recent)).not.toBeNull();
  });

  it("runs with the Worker's scheduled handler", async () => {
    const old = uniqueEmail();
    await write(old, Date.now() - keepMs - 60_000);
    await worker.scheduled(createScheduledController(), env);
    expect(await lastTo(old)).toBeNull();
  });
});
