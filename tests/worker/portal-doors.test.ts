import { beforeAll, describe, expect, it } from "vitest";
import { type SignedInBorrower, signedInBorrower } from "./helpers/borrowers";
import { redirectPath, send, sentTo } from "./helpers/http";
import { lineStub } from "./helpers/line-object";

/**
 * Portal doors a borrower can type (issue 15): each interrupter is for the one
 * standing that leads to it, and a statement address that finds nothing is
 * the site's 404 page, never the bare text "null".
 */

let current: SignedInBorrower;
let other: SignedInBorrower;
let withdrawn: SignedInBorrower;

beforeAll(async () => {
  [current, other, withdrawn] = await Promise.all([
    signedInBorrower("current"),
    signedInBorrower("current"),
    signedInBorrower("withdrawn"),
  ]);
}, 120_000);

describe("the interrupters", { timeout: 60_000 }, () => {
  it("/accountcredit and /accountclosed send a current borrower to the account page (page and .data)", async () => {
    for (const path of ["/accountcredit", "/accountclosed", "/accountcredit.data", "/accountclosed.data"]) {
      expect(await sentTo(await send(path, { cookie: current.cookie })), path).toBe("/account");
    }
  });

  it("/accountcredit opens for the borrower whose credit was never finalized; /accountclosed sends them there", async () => {
    expect(withdrawn.landing).toBe("/accountcredit");
    const page = await send("/accountcredit", { cookie: withdrawn.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("You never finalized your Line of Credit");
    expect(redirectPath(await send("/accountclosed", { cookie: withdrawn.cookie }))).toBe("/accountcredit");
  });
});

describe("statement addresses that find nothing", { timeout: 60_000 }, () => {
  it("an unknown or another borrower's statement is the 404 page (status 404), not the text null", async () => {
    // The other borrower's statements are in their line's object, where a moved line keeps them.
    const { statements } = await lineStub(other.applNo).rowsOf(["statements"]);
    for (const id of ["no-such-statement", "999999999", String(statements![0]!.id)]) {
      const res = await send(`/documents/statements/${id}`, { cookie: current.cookie });
      expect(res.status, id).toBe(404);
      expect(res.headers.get("Content-Type"), id).toContain("text/html");
      const html = await res.text();
      expect(html.trim(), id).not.toBe("null");
      expect(html, id).toContain("Error 404");
      expect(html, id).toContain("Back to Homepage");
    }
  });

  it("an unknown notice PDF is the 404 page too", async () => {
    const res = await send("/documents/no-such-notice.pdf");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Error 404");
  });
});
