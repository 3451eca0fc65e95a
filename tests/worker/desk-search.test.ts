import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#db/client";
import type { DeskSearch } from "#domain/desk";
import { deskSearchQuery } from "../../functions/servicing/desk";
import { decodeHtml as decode, devDeskCookie } from "./helpers/desk";
import { send } from "./helpers/http";

/**
 * The desk's search by name (a whole last name, the first name's first
 * letters) and by part of an e-mail, through the whole Worker as the desk's
 * form asks for it (a GET), on customers written here. Names and addresses
 * carry this run's tag, so other borrowers in the database never match.
 */
const TIMEOUT = 60_000;
const tag = Array.from(crypto.getRandomValues(new Uint8Array(8)), (n) => String.fromCharCode(97 + (n % 26))).join("");
const LAST = `Harlow${tag}`;
const MANY = `Many${tag}`;

interface Row {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: number;
}
const t0 = Date.now() - 86_400_000;
const row = (id: string, firstName: string, lastName: string, email: string, createdAt = t0): Row => ({
  id: `search-${tag}-${id}`,
  firstName,
  lastName,
  email,
  createdAt,
});
const people = {
  ana: row("ana", "Ana", LAST, `ana.${tag}@example.test`),
  anaMaria: row("ana-maria", "Ana-María", LAST, `ana.maria.${tag}@example.test`),
  anabel: row("anabel", "anabel", LAST, `per%cent.${tag}@example.test`),
  bob: row("bob", "Bob", LAST, `perxxcent.${tag}@example.test`),
  jane: row("jane", "Jane", LAST, `un_der.${tag}@example.test`),
  johnOld: row("john-old", "John", LAST, `unxder.${tag}@example.test`, t0),
  johnNew: row("john-new", "John", LAST, `john.new.${tag}@example.test`, t0 + 60_000),
  // Not the last name searched: a longer one, and another one with the same first names.
  longer: row("longer", "John", `${LAST}son`, `longer.${tag}@example.test`),
  other: row("other", "Ana", `Other${tag}`, `other.${tag}@example.test`),
  obrien: row("obrien", "Sean", `O'Brien${tag}`, `sean.${tag}@example.test`),
  // An address inside two others ("ana.<tag>@…" and "ana.maria.<tag>@…").
  whole: row("whole", "Wyn", `Whole${tag}`, `a.${tag}@example.test`),
};
// More than a search shows, each newer than the one before.
const many = Array.from({ length: 25 }, (_, i) =>
  row(`many-${i}`, "Pat", MANY, `pat${i}.${tag}@many.test`, t0 + i * 1000),
);

beforeAll(async () => {
  const insert = env.DB.prepare(
    `INSERT INTO customers (id, ssn_hash, ssn_encrypted, ssn_last4, first_name, last_name, dob, email,
       address1, city, state, zip, home_phone, created_at, updated_at)
     VALUES (?, ?, 'x', '0000', ?, ?, '1990-01-01', ?, '1 Test Way', 'Springfield', 'OH', '45501', '6145550100', ?, ?)`,
  );
  await env.DB.batch(
    [...Object.values(people), ...many].map((r) =>
      insert.bind(r.id, `hash-${r.id}`, r.firstName, r.lastName, r.email, r.createdAt, r.createdAt),
    ),
  );
});

/** The borrowers a search page lists, in its order, and the page. */
async function search(query: Record<string, string>) {
  const res = await send(`/desk?${new URLSearchParams(query)}`, { cookie: await devDeskCookie("agent") });
  expect(res.status).toBe(200);
  const html = decode(await res.text());
  const ids = [...html.matchAll(/href="\/desk\/borrowers\/([^"]+)"/g)].map((m) => m[1]);
  return { ids, html };
}
const ids = (...rows: Row[]) => rows.map((r) => r.id);

describe("finding a borrower by name", { timeout: TIMEOUT }, () => {
  it("takes the whole last name and the first name's first letters, in order of first name then newest", async () => {
    const { ana, anaMaria, anabel, bob, jane, johnOld, johnNew } = people;
    expect((await search({ lastName: LAST, firstName: "Ana" })).ids).toEqual(ids(ana, anaMaria, anabel));
    expect((await search({ lastName: LAST, firstName: "J" })).ids).toEqual(ids(jane, johnNew, johnOld));
    expect((await search({ lastName: LAST, firstName: "Ana-M" })).ids).toEqual(ids(anaMaria));
    expect((await search({ lastName: LAST })).ids).toEqual(ids(ana, anaMaria, anabel, bob, jane, johnNew, johnOld));
    // A first name that only contains the letters, or a part of the last name, finds nobody.
    expect((await search({ lastName: LAST, firstName: "nab" })).ids).toEqual([]);
    const part = await search({ lastName: LAST.slice(0, -2) });
    expect(part.ids).toEqual([]);
    expect(part.html).toContain("No borrower matches that search.");
  });

  it("ignores case and spaces around, and takes a phone's apostrophe for the apostrophe", async () => {
    const { ana, anaMaria, anabel, obrien } = people;
    expect((await search({ lastName: `  ${LAST.toUpperCase()} `, firstName: " aNa " })).ids).toEqual(
      ids(ana, anaMaria, anabel),
    );
    expect((await search({ lastName: LAST.toLowerCase(), firstName: "ANABEL" })).ids).toEqual(ids(anabel));
    expect((await search({ lastName: `O\u2019brien${tag}` })).ids).toEqual(ids(obrien));
  });

  it("asks for the last name when only a first name is given", async () => {
    const { ids: found, html } = await search({ firstName: "Ana" });
    expect(found).toEqual([]);
    expect(html).toContain("Enter the whole last name.");
    expect(html).toMatch(/id="lastName"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="lastName"/);
  });

  it("shows 20 at most, newest first, and says there may be more", async () => {
    const { ids: found, html } = await search({ lastName: MANY });
    expect(found).toEqual(ids(...many.toReversed().slice(0, 20)));
    expect(html).toContain("20 borrowers");
    expect(html).toContain("The first 20 only: there may be more.");
    expect((await search({ lastName: MANY, firstName: "pa" })).ids).toHaveLength(20);
  });
});

describe("finding a borrower by part of an e-mail", { timeout: TIMEOUT }, () => {
  it("finds every address that contains the part, in any case, in address order", async () => {
    const everyone = Object.values(people).toSorted((a, b) => (a.email < b.email ? -1 : 1));
    expect((await search({ email: `${tag}@EXAMPLE.test` })).ids).toEqual(ids(...everyone));
    expect((await search({ email: `.maria.${tag.slice(0, 2)}` })).ids).toEqual(ids(people.anaMaria));
    expect((await search({ email: `${tag}@many` })).ids).toHaveLength(20);
  });

  it("finds a whole address, first even when other addresses contain it", async () => {
    const { ana, anaMaria, whole } = people;
    expect((await search({ email: ana.email.toUpperCase() })).ids).toEqual(ids(ana));
    const others = [ana, anaMaria].toSorted((a, b) => (a.email < b.email ? -1 : 1));
    expect((await search({ email: whole.email })).ids).toEqual(ids(whole, ...others));
  });

  it("takes % and _ as the characters typed, never as wildcards", async () => {
    const { anabel, jane } = people;
    expect((await search({ email: `per%cent.${tag}` })).ids).toEqual(ids(anabel));
    expect((await search({ email: `un_der.${tag}` })).ids).toEqual(ids(jane));
    for (const wild of ["%%%", "___", `%.${tag}`, `\\%${tag}`]) {
      const { ids: found, html } = await search({ email: wild });
      expect(found, wild).toEqual([]);
      expect(html, wild).toContain("No borrower matches that search.");
    }
  });

  it("refuses a part under 3 characters", async () => {
    for (const short of ["ab", " a ", "@."]) {
      const { ids: found, html } = await search({ email: short });
      expect(found, short).toEqual([]);
      expect(html, short).toContain("Enter at least 3 characters of the e-mail address.");
      expect(html, short).not.toContain("No borrower matches that search.");
    }
  });
});

describe("the search's indexes", () => {
  const plan = async (s: DeskSearch) => {
    const query = deskSearchQuery(database(env.DB), s).toSQL();
    const rows = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const run = await env.DB.prepare(query.sql)
      .bind(...query.params)
      .all();
    return { plan: rows.results.map((r) => r.detail), rowsRead: run.meta.rows_read };
  };

  it("a name is a seek read in the order shown: 20 results read 20 rows", async () => {
    for (const firstNamePrefix of ["", "P"]) {
      const { plan: steps, rowsRead } = await plan({ by: "name", lastName: MANY.toUpperCase(), firstNamePrefix });
      expect(steps.join("\n"), firstNamePrefix).toMatch(/SEARCH customers USING INDEX customers_name \(<expr>=\?/);
      expect(steps.join("\n"), firstNamePrefix).not.toContain("TEMP B-TREE");
      expect(rowsRead, firstNamePrefix).toBeLessThanOrEqual(20);
    }
  });

  it("part of an e-mail scans the narrow index on lower(email), never the table", async () => {
    const { plan: steps } = await plan({ by: "email", part: `${tag}@many` });
    expect(steps).toContain("SCAN customers USING COVERING INDEX customers_email_lower");
    expect(steps).toContain("SEARCH customers USING COVERING INDEX customers_email_lower (<expr>=?)");
    expect(steps.filter((s) => s.startsWith("SCAN customers") && !s.includes("COVERING INDEX"))).toEqual([]);
  });
});
