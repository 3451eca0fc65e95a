import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { customers, lines, signedDocuments } from "#db/schema/servicing";
import { addDays } from "#domain/calendar";
import { drawBlock } from "#domain/rules/standing";
import { loadCustomerState } from "../../functions/servicing/account-state";
import { customerById } from "../../functions/servicing/customers";
import { copyDemoBorrower, demoBorrowers, seedDemoBorrowers } from "../../functions/servicing/demo";
import { withLineHomes } from "../../functions/servicing/objects/homes";
import { buildSummary } from "../../functions/servicing/summary";
import { lineStub, onLine } from "./helpers/line-object";

describe("demo borrowers (npm start)", () => {
  it("seeds one borrower in every standing, once", async () => {
    // Opened lines live in their objects: the line's state is read there (decision record 032).
    const db = withLineHomes(database(env.DB), env.LINES);
    expect(await seedDemoBorrowers(db, env)).toBe(true);
    expect(await seedDemoBorrowers(db, env)).toBe(false);
    const now = new Date();
    const standings = await Promise.all(
      demoBorrowers.map(
        async (b, i) => [b.email, (await loadCustomerState(db, `demo-${i + 1}`, now)).figures.standing] as const,
      ),
    );
    expect(Object.fromEntries(standings)).toEqual({
      "current@demo.ridgeline.test": "current",
      "owing@demo.ridgeline.test": "current",
      "pastdue@demo.ridgeline.test": "delinquent",
      "chargedoff@demo.ridgeline.test": "charged_off",
      "washington@demo.ridgeline.test": "current",
      "closed@demo.ridgeline.test": "closed",
      "esign@demo.ridgeline.test": "awaiting_esign",
      "withdrawn@demo.ridgeline.test": "withdrawn",
      "new@demo.ridgeline.test": "current",
    });
    const current = await loadCustomerState(db, "demo-1", now);
    expect(current.book.statements.length).toBeGreaterThanOrEqual(8);
    // EFT: an automatic payment on every due date, besides the one-time payments of the script.
    expect(
      current.book.entries.filter((e) => e.kind === "payment" && e.origin === "automatic").length,
    ).toBeGreaterThanOrEqual(8);
    expect(current.book.entries.filter((e) => e.kind === "payment" && e.origin === "one_time")).toHaveLength(2);
    // The paper-check borrowers are never debited.
    const pastdue = await loadCustomerState(
      db,
      `demo-${demoBorrowers.findIndex((b) => b.email.startsWith("pastdue@")) + 1}`,
      now,
    );
    expect(pastdue.book.entries.filter((e) => e.origin === "automatic")).toEqual([]);
    expect(drawBlock("current", 50_000, "WA")).toBe("state");
    // The borrower most people see: current, owing, with a payment date ahead.
    const owingIndex = demoBorrowers.findIndex((b) => b.email === "owing@demo.ridgeline.test");
    const owing = await loadCustomerState(db, `demo-${owingIndex + 1}`, now);
    const header = buildSummary(await customerById(db, `demo-${owingIndex + 1}`), owing, now).accountHeader;
    expect(header.accountBalance).toBeGreaterThan(0);
    expect(header.nextPaymentDate! >= owing.today).toBe(true);
    // Just e-signed with a first draw: no statement, nothing owed, the first statement's date ahead of its due date.
    const newIndex = demoBorrowers.findIndex((b) => b.email === "new@demo.ridgeline.test");
    const fresh = await loadCustomerState(db, `demo-${newIndex + 1}`, now);
    const freshHeader = buildSummary(await customerById(db, `demo-${newIndex + 1}`), fresh, now).accountHeader;
    expect(fresh.book.statements).toEqual([]);
    expect([freshHeader.accountBalance, freshHeader.minPaymentAmount]).toEqual([10_000, 0]);
    expect(freshHeader.nextStatementDate! > fresh.today).toBe(true);
    expect(addDays(freshHeader.nextStatementDate!, 14)).toBe(freshHeader.nextPaymentDate);
    // Open lines carry the agreements as signed (Documents shows them); lines never signed carry none.
    // The shared database keeps none: they live with the line in its object.
    expect(await db.select().from(signedDocuments).all()).toEqual([]);
    for (const [i, b] of demoBorrowers.entries()) {
      const docs = ((await lineStub(90_000_001 + i).rowsOf(["signed_documents"])).signed_documents ?? []).map((d) => ({
        kind: String(d.kind),
        html: String(d.html),
      }));
      if (b.lineStatus === "open") {
        expect(docs.map((d) => d.kind).sort(), b.email).toEqual([
          "agrarbitration",
          "agrcalprivacyact",
          "agrcredit",
          "agreleconsent",
          "agrprivacypolicy",
        ]);
        expect(docs.find((d) => d.kind === "agrcredit")!.html, b.email).toContain(
          `Signed by <strong>${b.firstName} ${b.lastName}</strong>`,
        );
      } else expect(docs, b.email).toEqual([]);
    }
  }, 60_000);

  it("shows no next payment date in the past, and none at all once charged off", async () => {
    const db = withLineHomes(database(env.DB), env.LINES);
    await seedDemoBorrowers(db, env);
    const now = new Date();
    for (const [i, b] of demoBorrowers.entries()) {
      const state = await loadCustomerState(db, `demo-${i + 1}`, now);
      const next = buildSummary(await customerById(db, `demo-${i + 1}`), state, now).accountHeader.nextPaymentDate;
      if (state.figures.standing === "charged_off") expect(next, b.email).toBeNull();
      else if (next !== null) expect(next >= state.today, `${b.email}: ${next}`).toBe(true);
    }
  }, 60_000);

  it("never writes history in the future, also when seeded before noon Eastern (17:00 UTC)", async () => {
    const db = database(env.DB);
    // 03:00 UTC: today's noon Eastern is still 14 hours ahead.
    const early = Date.UTC(2026, 10, 25, 3, 0);
    for (const template of ["current@demo.ridgeline.test", "esign@demo.ridgeline.test"]) {
      const copy = (await copyDemoBorrower(db, env, template, early))!;
      const customer = (await db.select().from(customers).where(eq(customers.id, copy.customerId)).get())!;
      expect(customer.createdAt, template).toBeLessThanOrEqual(early);
      const line = (await db.select().from(lines).where(eq(lines.customerId, copy.customerId)).get())!;
      expect(line.createdAt, template).toBeLessThanOrEqual(early);
      // A line awaiting its signature has no ledger anywhere; an opened one's is in its object.
      if (!line.openedAt) continue;
      const posted = await onLine<{ posted_at: number }>(
        line.id,
        "SELECT posted_at FROM ledger_entries WHERE line_id = ?",
        line.id,
      );
      expect(posted.length).toBeGreaterThan(0);
      for (const row of posted) expect(row.posted_at, template).toBeLessThanOrEqual(early);
    }
  }, 60_000);
});
