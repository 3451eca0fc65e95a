import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { esignConsents } from "#db/schema/notices";
import { applications, customers, lines, signatures, signedDocuments, users } from "#db/schema/servicing";
import { addDays, easternDateTime } from "#domain/calendar";
import { type AgreementKind, agreementTitles, signedAgreementRows } from "./agreements";
import { encryptPersonal, hashPassword, ssnLookupHash } from "./crypto";
import { personalDataKeys } from "./customers";
import { type DemoBorrower, type DemoLineOf, noon } from "./demo-history";
import { setRepaymentMethod } from "./dev-tools";
import type { CoreEnv as Env } from "./env";
import { esignDisclosureId } from "./esign-disclosure";
import { openWithHistory } from "./objects/demo-open";

export type { DemoBorrower, DemoLineOf } from "./demo-history";

/**
 * Demo borrowers for local development, one in every standing the pages
 * handle, with months of history made by the real servicing code run over
 * past dates. Development only; printed by `npm start` and listed in the README.
 */
export const DEMO_PASSWORD = "Demo!pass1";
const DAY = 86_400_000;

export const demoBorrowers: DemoBorrower[] = [
  {
    email: "current@demo.ridgeline.test",
    standing: "current, months of history",
    firstName: "Casey",
    lastName: "Morgan",
    state: "OH",
    ssn: "123450001",
    dob: "1988-04-12",
    openedDaysAgo: 180,
    lineStatus: "open",
    limitCents: 100_000,
    repaymentMethod: "A",
    script: [
      { day: 1, draw: 30_000 },
      { day: 40, pay: 5_000 },
      { day: 70, draw: 10_000 },
      { day: 100, pay: 5_000 },
    ],
  },
  {
    email: "pastdue@demo.ridgeline.test",
    standing: "delinquent (past due), pays by paper check",
    firstName: "Devon",
    lastName: "Price",
    state: "TX",
    ssn: "123450002",
    dob: "1979-09-30",
    openedDaysAgo: 80,
    lineStatus: "open",
    limitCents: 80_000,
    repaymentMethod: "K",
    script: [
      { day: 2, draw: 40_000 },
      { day: 25, pay: 5_000 },
    ],
  },
  {
    email: "chargedoff@demo.ridgeline.test",
    standing: "charged off, paid by paper check",
    firstName: "Riley",
    lastName: "Quinn",
    state: "FL",
    ssn: "123450003",
    dob: "1992-01-05",
    openedDaysAgo: 170,
    lineStatus: "open",
    limitCents: 60_000,
    repaymentMethod: "K",
    script: [{ day: 1, draw: 50_000 }],
  },
  // Existing Washington borrowers keep the portal but cannot draw (0-decisions.md).
  {
    email: "washington@demo.ridgeline.test",
    standing: "current, Washington resident (draws unavailable)",
    firstName: "Harper",
    lastName: "Lane",
    state: "WA",
    ssn: "123450004",
    dob: "1985-06-21",
    openedDaysAgo: 120,
    lineStatus: "open",
    limitCents: 90_000,
    repaymentMethod: "A",
    script: [],
  },
  {
    email: "closed@demo.ridgeline.test",
    standing: "closed (12 months without a draw)",
    firstName: "Jamie",
    lastName: "Ellis",
    state: "MO",
    ssn: "123450005",
    dob: "1990-11-11",
    openedDaysAgo: 380,
    lineStatus: "open",
    limitCents: 50_000,
    repaymentMethod: "A",
    script: [],
  },
  {
    email: "esign@demo.ridgeline.test",
    standing: "approved, awaiting e-sign",
    firstName: "Avery",
    lastName: "Stone",
    state: "OH",
    ssn: "123450006",
    dob: "1995-02-14",
    openedDaysAgo: 0,
    lineStatus: "awaiting_esign",
    limitCents: 75_000,
    repaymentMethod: "A",
    script: [],
  },
  {
    email: "withdrawn@demo.ridgeline.test",
    standing: "application withdrawn",
    firstName: "Morgan",
    lastName: "Fox",
    state: "IN",
    ssn: "123450007",
    dob: "1983-07-07",
    openedDaysAgo: 0,
    lineStatus: "withdrawn",
    limitCents: 40_000,
    repaymentMethod: "A",
    script: [],
  },
  // Current with a balance and a payment ahead: what most borrowers see.
  {
    email: "owing@demo.ridgeline.test",
    standing: "current, a balance and a payment due",
    firstName: "Jordan",
    lastName: "Reyes",
    state: "OH",
    ssn: "123450008",
    dob: "1991-03-18",
    openedDaysAgo: 110,
    lineStatus: "open",
    limitCents: 120_000,
    repaymentMethod: "A",
    script: [
      { day: 1, draw: 40_000 },
      { day: 45, draw: 20_000 },
      { day: 60, pay: 5_000 },
    ],
  },
  // Just e-signed with a first draw: no statement yet, so nothing is due (the first statement's date is shown instead).
  {
    email: "new@demo.ridgeline.test",
    standing: "current, just e-signed with a first draw (no statement yet)",
    firstName: "Rowan",
    lastName: "Hale",
    state: "OH",
    ssn: "123450009",
    dob: "1994-08-09",
    openedDaysAgo: 0,
    lineStatus: "open",
    limitCents: 80_000,
    repaymentMethod: "A",
    script: [{ day: 0, draw: 10_000 }],
  },
];

export interface DemoIdentity {
  customerId: string;
  lineId: number;
  /** Distinguishes phone numbers and street numbers. */
  index: number;
  /** Copies get phones of their own, so tests can read their texts in the outbox. */
  phones?: { home: string; mobile: string };
}

async function createBorrower(
  db: Database,
  env: Pick<Env, "SSN_ENCRYPTION_KEY">,
  b: DemoBorrower,
  { customerId, lineId, index, phones }: DemoIdentity,
  now: number,
  passwordHash: string,
) {
  const keys = await personalDataKeys(env);
  const created = noon(now - b.openedDaysAgo * DAY, now);
  const anchor = easternDateTime(created).date;
  const disclosure = await esignDisclosureId();
  await db.batch([
    db.insert(customers).values({
      id: customerId,
      ssnHash: await ssnLookupHash(keys, b.ssn),
      ssnEncrypted: await encryptPersonal(keys, b.ssn),
      ssnLast4: b.ssn.slice(-4),
      firstName: b.firstName,
      lastName: b.lastName,
      dob: b.dob,
      email: b.email,
      address1: `${100 + index} Demo Avenue`,
      address2: "",
      city: "Springfield",
      state: b.state,
      zip: "45501",
      homePhone: phones?.home ?? `614555${String(1000 + index).slice(-4)}`,
      mobilePhone: phones?.mobile ?? `614555${String(2000 + index).slice(-4)}`,
      allowMarketingEmails: true,
      createdAt: created.getTime(),
      updatedAt: created.getTime(),
    }),
    db.insert(applications).values({
      id: lineId,
      customerId,
      status: b.lineStatus === "withdrawn" ? "withdrawn" : "approved",
      decisionReason: "approved",
      approvedLimitCents: b.limitCents,
      requestedAmountCents: 100_000,
      requestedDrawCents: 10_000,
      transactionId: `demo-transaction-${lineId}`,
      extTransactionId: crypto.randomUUID(),
      incomeSource: "P",
      employerName: "Springfield Works",
      incomePaymentMethod: "D",
      // $2,500 a paycheck: underwriting allows $1,350, so every demo line was approvable and the desk can raise the current ones (decision record 023).
      takeHomeCents: 250_000,
      payFrequency: "B",
      lastPayDate: anchor,
      nextPayDate: addDays(anchor, 14),
      secondPayDate: addDays(anchor, 28),
      bankRouting: "021000021",
      bankAccountEncrypted: await encryptPersonal(keys, "000123456789"),
      bankAccountLast4: "6789",
      repaymentMethod: b.repaymentMethod,
      requestIp: "127.0.0.1",
      userAgent: "demo seed",
      createdAt: created.getTime(),
      decidedAt: created.getTime(),
    }),
    db.insert(lines).values({
      id: lineId,
      applicationId: lineId,
      customerId,
      creditLimitCents: b.limitCents,
      status: b.lineStatus,
      payFrequency: "B",
      payAnchorDate: anchor,
      repaymentMethod: b.repaymentMethod,
      openedAt: b.lineStatus === "open" ? created.getTime() : null,
      createdAt: created.getTime(),
    }),
    db
      .insert(users)
      .values({ customerId, email: b.email, passwordHash, createdAt: created.getTime(), updatedAt: created.getTime() }),
    // Open lines were signed: the signature and the agreements as signed, so Documents shows them.
    ...(b.lineStatus === "open"
      ? [
          db.insert(signatures).values({
            lineId,
            documentId: `loc-${lineId}`,
            signatureText: `${b.firstName} ${b.lastName}`,
            ipAddress: "127.0.0.1",
            userAgent: "demo seed",
            orderNo: 1,
            signedAt: created.getTime(),
          }),
          db.insert(esignConsents).values({
            customerId,
            lineId,
            event: "given",
            disclosureVersion: disclosure.version,
            disclosureSha256: disclosure.sha256,
            at: created.getTime(),
            ipAddress: "127.0.0.1",
            userAgent: "demo seed",
          }),
          db.insert(signedDocuments).values(
            signedAgreementRows(
              Object.keys(agreementTitles) as AgreementKind[],
              { firstName: b.firstName, lastName: b.lastName, creditLimitCents: b.limitCents, lineId },
              {
                text: `${b.firstName} ${b.lastName}`,
                signedAt: created.toISOString(),
                ipAddress: "127.0.0.1",
              },
            ),
          ),
        ]
      : []),
  ]);
  return customerId;
}

interface HistoryOptions {
  /** Switched after the history (as a borrower revoking EFT by phone would). */
  repaymentMethod?: "A" | "K";
}

/**
 * An opened line's history, played in its own object as production's lines open in theirs (decision
 * record 032); a line not yet opened (awaiting e-signature, withdrawn) has none.
 */
async function makeHistory(
  db: Database,
  env: Env,
  b: DemoBorrower,
  who: DemoLineOf,
  now: number,
  { repaymentMethod }: HistoryOptions,
) {
  if (b.lineStatus === "open")
    await openWithHistory(env, who.lineId, now, (stub) => stub.replay(b, who, now, repaymentMethod));
  // The site's own rows (the application's method, the shared copy of the line) follow too.
  if (repaymentMethod) await setRepaymentMethod(db, who.customerId, repaymentMethod);
}

/** Creates the demo borrowers once (a second call finds them and does nothing). */
export async function seedDemoBorrowers(db: Database, env: Env, now = Date.now()): Promise<boolean> {
  if (await db.select({ id: customers.id }).from(customers).where(eq(customers.id, "demo-1")).get()) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [index, b] of demoBorrowers.entries()) {
    const who = { customerId: `demo-${index + 1}`, lineId: 90_000_001 + index, index };
    await createBorrower(db, env, b, who, now, passwordHash);
    await makeHistory(db, env, b, who, now, {});
  }
  return true;
}

/**
 * A new borrower shaped like one of the demo borrowers (same standing and
 * history, its own e-mail, SSN and line), so browser tests that move money
 * do not share an account. Development only. `openedDaysAgo` opens the copy
 * that many days ago instead (its scripted steps from that day on are left
 * out), so a test can place a due date, and the automatic payment on it,
 * on a day of its choosing without moving the shared clock.
 */
export async function copyDemoBorrower(
  db: Database,
  env: Env,
  templateEmail: string,
  now = Date.now(),
  options: HistoryOptions & { openedDaysAgo?: number } = {},
) {
  const index = demoBorrowers.findIndex((b) => b.email === templateEmail);
  if (index < 0) return null;
  const template = demoBorrowers[index]!;
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const randomDigits = (n: number) => [...crypto.getRandomValues(new Uint8Array(n))].map((x) => x % 10).join("");
  const opened = options.openedDaysAgo;
  const history =
    opened === undefined ? {} : { openedDaysAgo: opened, script: template.script.filter((step) => step.day < opened) };
  const b: DemoBorrower = {
    ...template,
    ...history,
    email: template.email.replace("@", `+${suffix}@`),
    ssn: `8${randomDigits(8)}`,
  };
  // Line ids are integers: random ones above the seeded range; a clash is retried by the caller's next request.
  const phones = { home: `6145${randomDigits(6)}`, mobile: `6145${randomDigits(6)}` };
  const who = {
    customerId: `demo-copy-${suffix}`,
    lineId: 91_000_000 + Math.floor(Math.random() * 8_000_000),
    index,
    phones,
  };
  await createBorrower(db, env, b, who, now, await hashPassword(DEMO_PASSWORD));
  await makeHistory(db, env, b, who, now, options);
  return {
    email: b.email,
    password: DEMO_PASSWORD,
    firstName: b.firstName,
    customerId: who.customerId,
    last4SSN: b.ssn.slice(-4),
    dob: b.dob,
    mobilePhone: phones.mobile,
  };
}
