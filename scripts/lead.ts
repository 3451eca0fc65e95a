/**
 * `npm run lead -- FILE [--fresh]`: posts a lead signed as the local demo
 * partner (secret PARTNER_SECRET_DEMO from .dev.vars) to the local site
 * (http://localhost:8787, or LEAD_BASE) and prints the answer.
 *
 * Pay dates in the file are moved to today's schedule when they have gone
 * stale (last pay date 3 days ago, then every interval), so the example keeps
 * working. --fresh gives the lead a new partner lead id, SSN and e-mail, so
 * the demo can be repeated (the same lead id answers the recorded decision,
 * and an SSN that already has a line is sent to sign in: a denial).
 */
import { readFileSync } from "node:fs";
import { DEMO_PARTNER } from "#server/leads/partners";
import { signLead } from "#server/leads/signature";
import { uniqueSsn } from "../tests/contract/applicants";
import { devVar, ensureDevVars } from "./run";

type Lead = Record<string, Record<string, unknown>> & { partnerLeadId?: string };

const file = process.argv[2];
if (!file || file.startsWith("--")) {
  console.error("Usage: npm run lead -- FILE [--fresh]   (e.g. npm run lead -- docs/examples/lead.json)");
  process.exit(2);
}
const base = process.env.LEAD_BASE ?? "http://localhost:8787";
const lead = JSON.parse(readFileSync(file, "utf8")) as Lead;

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const gapDays: Record<string, number> = { W: 7, B: 14, S: 15, M: 31 };
const pay = lead.payFrequency;
if (pay && typeof pay.firstPayDate === "string" && pay.firstPayDate < iso(0)) {
  const gap = gapDays[String(pay.interval)] ?? 14;
  Object.assign(pay, { lastPayDate: iso(-3), firstPayDate: iso(gap - 3), secondPayDate: iso(2 * gap - 3) });
  console.log(`(pay dates moved to today's schedule: ${pay.lastPayDate}, ${pay.firstPayDate}, ${pay.secondPayDate})`);
}
if (process.argv.includes("--fresh")) {
  const ssn = uniqueSsn();
  lead.partnerLeadId = `demo-${Date.now()}`;
  Object.assign(lead.personal ?? {}, {
    ssn: `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`,
    email: `lead.${ssn}@example.com`,
  });
}

ensureDevVars();
const body = JSON.stringify(lead);
const timestamp = Math.floor(Date.now() / 1000);
const res = await fetch(`${base}/api/leads`, {
  method: "POST",
  headers: {
    "Content-Type": "application/json",
    "X-Partner-Id": DEMO_PARTNER.id,
    "X-Timestamp": String(timestamp),
    "X-Signature": await signLead(devVar("PARTNER_SECRET_DEMO"), timestamp, body),
  },
  body,
});
console.log(
  `POST ${base}/api/leads (partner ${DEMO_PARTNER.id}, lead ${lead.partnerLeadId}): ${res.status}${res.headers.get("X-Lead-Replayed") ? " (recorded answer)" : ""}`,
);
console.log(JSON.stringify(await res.json(), null, 2));
if (!res.ok) process.exitCode = 1;
