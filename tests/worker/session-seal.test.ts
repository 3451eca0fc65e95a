import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "#domain/tokens";
import { walkWizard, wizardApplicant } from "./helpers/applicants";
import { signedInBorrower } from "./helpers/borrowers";
import { send } from "./helpers/http";

/**
 * Secrets in the session row (issue 14, item 8; decision record 014): the
 * platform token and the application draft are sealed with the site's own
 * key, SESSION_SEAL_KEY (AES-GCM), never the servicing core's keys. A copy
 * of the sessions table gives neither a usable token nor what an applicant
 * typed.
 */

const rowOf = async (cookie: string) => {
  const id = cookie.split("=")[1]!;
  return (
    (
      await env.DB.prepare("SELECT data FROM sessions WHERE id_hash = ?")
        .bind(await sha256Hex(id))
        .first<{ data: string }>()
    )?.data ?? null
  );
};

/** Every string in a JSON text (keys and values alike). */
const stringsIn = (json: string): string[] => {
  const out: string[] = [];
  JSON.parse(json, (key, value: unknown) => {
    out.push(key);
    if (typeof value === "string") out.push(value);
    return value;
  });
  return out;
};

describe("the session row at rest", () => {
  it("holds no platform token a copy of the table could use", async () => {
    const b = await signedInBorrower("current");
    const data = await rowOf(b.cookie);
    expect(data).not.toBeNull();
    for (const value of stringsIn(data!)) {
      const live = await env.DB.prepare("SELECT 1 AS hit FROM platform_tokens WHERE token_hash = ?")
        .bind(await sha256Hex(value))
        .first();
      expect(live, `the row holds a live platform token: ${data}`).toBeNull();
    }
    expect(JSON.parse(data!).platformToken).toMatch(/^s1\./);
  }, 60_000);

  it("holds none of what an applicant typed: the draft is sealed", async () => {
    const a = wizardApplicant();
    const walk = await walkWizard(a, "income");
    const data = await rowOf(walk.cookie!);
    for (const typed of [
      a.firstName,
      "Quintero",
      a.email,
      a.birthdate,
      "12 Elm Street",
      "Columbus",
      "Acme Tools",
      a.ssn,
      a.ssn.slice(-4),
      "614-555-0101",
      "6145550101",
    ]) {
      expect(data, `the row shows ${typed}`).not.toContain(typed);
    }
    expect(JSON.parse(data!).application).toMatch(/^s1\./);
    // ...and the site still reads it back.
    expect(await (await send("/apply/address", { cookie: walk.cookie })).text()).toContain("12 Elm Street");
  }, 60_000);

  it("a row sealed for another session id does not open under this one", async () => {
    const [one, two] = await Promise.all([walkWizard(undefined, "personal"), walkWizard(undefined, "personal")]);
    const rowOne = await rowOf(one.cookie!);
    // Move one session's sealed draft into the other's row.
    await env.DB.prepare("UPDATE sessions SET data = ? WHERE id_hash = ?")
      .bind(rowOne, await sha256Hex(two.cookie!.split("=")[1]!))
      .run();
    const res = await send("/apply/address", { cookie: two.cookie });
    // The moved draft cannot be opened: the session is treated as over, not as the other applicant's.
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/apply/personal");
  }, 60_000);
});
