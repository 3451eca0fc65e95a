import { beforeAll, describe, expect, it } from "vitest";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { expectNoWrites } from "./helpers/d1-snapshot";
import { type ApiEndpoint, apiEndpoints } from "./helpers/doors";
import { hugeBody, MALFORMED_JSON, NOT_AN_OBJECT } from "./helpers/garbage";
import { send } from "./helpers/http";

/**
 * Issue 14, item 9: bad bodies on every /api route, sent deliberately rather
 * than at random (abuse-api.test.ts sends random ones): a body far over the
 * route's cap (with its Content-Length, and streamed without one), JSON that
 * does not parse, JSON that is no object or has the wrong types, and bodies
 * that are not JSON at all. Each is refused with its own 4xx (413, 400,
 * 415), as JSON, and writes nothing; never a 5xx.
 */

const FIVE_MB = 5 * 1024 * 1024;

/** Every field name the API reads, each with a value of the wrong type. */
const WRONG_TYPES = JSON.stringify({
  challengeId: 5,
  response: "x",
  name: [1],
  like: 7,
  from: "x",
  count: "many",
  accounts: null,
  samples: {},
  step: 30,
  email: ["a@b.c"],
  paymentId: 12,
});

const endpoints: ApiEndpoint[] = [
  ...apiEndpoints,
  { method: "POST", path: "/api/dev/seed", body: "none" },
  { method: "POST", path: "/api/leads" },
];

/** The endpoint's path with its `:param` filled. */
const pathOf = (e: ApiEndpoint) => e.path.replace(/:[a-z]+/, "some-id");

let borrower: SignedInBorrower;

beforeAll(async () => {
  // Signed in, so the passkey doors reach their validators instead of answering 401.
  borrower = await signedInBorrower("current");
  expect((await send("/api/dev/seed", { method: "POST" })).status).toBe(200);
}, 120_000);

/** One bad post to an endpoint: no writes, a JSON answer, and its status. */
async function refused(e: ApiEndpoint, body: BodyInit, contentType: string | null, label: string): Promise<number> {
  const headers: Record<string, string> = contentType ? { "Content-Type": contentType } : {};
  const res = await expectNoWrites(
    () => send(pathOf(e), { method: "POST", body, headers, cookie: borrower.cookie }),
    [],
    `${label} ${e.path}`,
  );
  expect(res.status, `${label} ${e.path}`).toBeLessThan(500);
  expect(res.headers.get("Content-Type") ?? "", `${label} ${e.path}`).toMatch(/^application\/json/);
  await res.body?.cancel();
  return res.status;
}

describe("bad bodies on every /api route", { timeout: 120_000 }, () => {
  for (const e of endpoints) {
    describe(`${e.method} ${e.path}`, () => {
      it("refuses a 5 MB body with 413, from its Content-Length and while streamed without one", async () => {
        expect(await refused(e, hugeBody(FIVE_MB, false), "application/json", "5 MB")).toBe(413);
        expect(await refused(e, hugeBody(FIVE_MB, true), "application/json", "5 MB streamed")).toBe(413);
      });

      // /api/leads checks the signature before it reads a byte (401); abuse-leads.test.ts signs its garbage.
      if (e.method !== "POST" || e.path === "/api/leads") return;

      it("refuses JSON that does not parse with 400", async () => {
        for (const text of MALFORMED_JSON)
          expect(await refused(e, text, "application/json", `malformed ${JSON.stringify(text)}`), text).toBe(400);
      });

      it("refuses JSON that is not an object with 400", async () => {
        for (const text of NOT_AN_OBJECT)
          expect(await refused(e, text, "application/json", `not an object ${text}`), text).toBe(400);
      });

      if (e.body === "fields") {
        it("refuses fields of the wrong type with 400", async () => {
          expect(await refused(e, WRONG_TYPES, "application/json", "wrong types")).toBe(400);
        });
      }

      it("refuses a body that is not JSON with 415", async () => {
        const form = new FormData();
        form.append("name", "x");
        expect(await refused(e, "name=x", "application/x-www-form-urlencoded", "urlencoded")).toBe(415);
        expect(await refused(e, form, null, "multipart")).toBe(415);
        expect(await refused(e, '{"name":"x"}', "text/plain", "text/plain")).toBe(415);
      });
    });
  }
});
