import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDrawAmount } from "../../app/routes/portal/draw.schema";
import { extraSessionOf, guestWithSession, type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { expectNoWrites } from "./helpers/d1-snapshot";
import { type FormAction, formActions } from "./helpers/doors";
import { bodyHeaders, describeBody, firstValue, type GarbageBody, garbageBody, RUNS } from "./helpers/garbage";
import { postForm, redirectPath, send, sessionCookieOf } from "./helpers/http";

/**
 * Every form action (helpers/doors.ts: the apply steps and back, login, the
 * password flows, reset, verify identity, e-sign consent and signature,
 * log out, draw, payments, preferences, contact) under random and malformed
 * posts, as a full page post and as React Router's client `.data` post,
 * from a guest (with or without a session), a signed-in borrower and, for
 * e-sign, a borrower awaiting e-sign: never
 * a 5xx, and D1 exactly as it was (helpers/d1-snapshot.ts).
 */

type Who = "guest" | "borrower" | "borrower awaiting e-sign";

let borrower: SignedInBorrower;
let awaitingEsign: SignedInBorrower;
let guestSession: string;

beforeAll(async () => {
  [borrower, awaitingEsign, guestSession] = await Promise.all([
    signedInBorrower("current"),
    signedInBorrower("esign"),
    guestWithSession(),
  ]);
  // The e-sign actions only read their body for a borrower they let in.
  expect(awaitingEsign.landing).toBe("/apply/approved");
}, 120_000);

/** The client-navigation twin of a page path: `/draw` -> `/draw.data` (query kept). */
function dataPath(path: string): string {
  const [pathname, search] = path.split("?");
  return `${pathname}.data${search ? `?${search}` : ""}`;
}

/**
 * A body that could be a real request is not garbage: a draw SUBMIT with a
 * well-formed key and a drawable-looking amount would (rightly) draw.
 */
function couldBeReal(action: FormAction, body: GarbageBody): boolean {
  if (action.path !== "/draw" || firstValue(body, "intent") !== "submit") return false;
  return /^[\w-]{8,100}$/.test(firstValue(body, "key") ?? "") && parseDrawAmount(firstValue(body, "amount") ?? "") > 0;
}

/** A guest posts with the session of an opened application or with none (it ended, or a script never loaded the page). */
async function cookieFor(who: Who, action: FormAction, guestHasSession: boolean): Promise<string | null> {
  if (who === "guest") return guestHasSession ? guestSession : null;
  const b = who === "borrower" ? borrower : awaitingEsign;
  // Log out ends the session it is given: a session of its own each time.
  return action.path === "/logout" ? extraSessionOf(b) : b.cookie;
}

describe("every form action under random and malformed posts", { timeout: 240_000 }, () => {
  for (const action of formActions) {
    const people: Who[] = ["guest", "borrower", ...(action.esign ? (["borrower awaiting e-sign"] as const) : [])];
    describe(`POST ${action.path}`, () => {
      // One property per visitor, so a signed-in borrower's garbage reaches the deep code as often as a guest's.
      for (const who of people) {
        it(`as a ${who}: never a 5xx, nothing written`, async () => {
          let ran = 0;
          await fc.assert(
            fc.asyncProperty(
              fc.boolean(),
              fc.boolean(),
              garbageBody(action.fields, action.intents),
              async (asData, guestHasSession, body) => {
                fc.pre(!couldBeReal(action, body));
                const cookie = await cookieFor(who, action, guestHasSession);
                const path = asData ? dataPath(action.path) : action.path;
                // Ending its own session is what log out is for, whatever the body.
                const mayChange = action.path === "/logout" && cookie ? ["sessions"] : [];
                const request = `${who}: POST ${path} ${describeBody(body)}`;
                const res = await expectNoWrites(
                  () => send(path, { method: "POST", body: body.body, headers: bodyHeaders(body), cookie }),
                  mayChange,
                  request,
                );
                expect(res.status, request).toBeLessThan(500);
                await res.body?.cancel();
                ran++;
              },
            ),
            { numRuns: RUNS },
          );
          expect(ran).toBeGreaterThan(0);
        });
      }
    });
  }
});

describe("regressions found by the properties above", () => {
  it("an intent named like one of Object's own members (toString, constructor, __proto__) finds no step: a redirect, not a 500", async () => {
    for (const path of ["/create-password", "/forgot-password"]) {
      for (const intent of ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"]) {
        const body = new URLSearchParams({ intent });
        const res = await expectNoWrites(
          () => send(path, { method: "POST", body, cookie: guestSession }),
          [],
          `${path} ${intent}`,
        );
        expect(res.status, `${path} intent=${intent}`).toBeLessThan(500);
        await res.body?.cancel();
      }
    }
  });

  it("a post whose body is not a readable form is refused 415 or 400 before any action runs (was a 500 from request.formData())", async () => {
    const cases: Array<[string, Record<string, string>, BodyInit | null, number]> = [
      ["JSON", { "Content-Type": "application/json" }, "{}", 415],
      ["text", { "Content-Type": "text/plain" }, "intent=login", 415],
      ["no type", {}, null, 415],
      ["multipart without a boundary", { "Content-Type": "multipart/form-data" }, "x", 400],
      [
        "multipart with a broken body",
        { "Content-Type": "multipart/form-data; boundary=----x" },
        "------x\r\nContent-Disposition: form-data\r\n\r\nv\r\n------x--",
        400,
      ],
    ];
    for (const path of ["/login", "/apply/personal", "/draw", "/logout"]) {
      for (const [name, headers, body, status] of cases) {
        const res = await expectNoWrites(
          () => send(path, { method: "POST", headers, body, cookie: borrower.cookie }),
          path === "/logout" ? ["sessions"] : [],
        );
        expect(res.status, `${name} to ${path}`).toBe(status);
      }
    }
    // The borrower's session survived the refused log-out posts: the action never ran.
    expect((await send("/account", { cookie: borrower.cookie })).status).toBe(200);
  });

  it("an apply step or password flow posted without a session writes no session row and goes back to its page", async () => {
    // Only a first step's valid post starts a session (session-rows.test.ts): a later step, or a later flow step, goes back.
    for (const [path, back] of [
      ["/apply/address", "/apply/address"],
      ["/apply/banking", "/apply/banking"],
      ["/apply/back", "/apply/personal"],
      ["/create-password", "/create-password"],
      ["/forgot-password", "/forgot-password"],
    ] as const) {
      const res = await expectNoWrites(() =>
        postForm(path, { intent: "code", code: "123456", email: "someone@example.com", step: "address" }),
      );
      expect(res.status, path).toBe(302);
      expect(redirectPath(res), path).toBe(back);
      expect(sessionCookieOf(res), path).toBeNull();
    }
    // The first step's invalid post answers its messages and keeps nothing.
    const personal = await expectNoWrites(() => postForm("/apply/personal", { firstName: "Rae" }));
    expect(personal.status).toBe(400);
    expect(sessionCookieOf(personal)).toBeNull();
  });
});
