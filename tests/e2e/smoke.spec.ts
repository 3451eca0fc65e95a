import { devVar } from "../../scripts/run";
import { localDefaults, report, smoke } from "../../scripts/smoke";
import { expect, test } from "./fixtures/test";

/**
 * `npm run smoke -- URL` (issue 21) against the local site the browser tests
 * run: every check passes; a wrong partner secret fails its check by name,
 * and the rest still run.
 */
test("the smoke check passes against the local site and names a failing check", async ({ baseURL }) => {
  const checks = await smoke(baseURL!, localDefaults());
  expect(checks.filter((c) => !c.ok)).toEqual([]);
  expect(checks.map((c) => c.name)).toEqual([
    "GET /",
    "GET /login",
    "GET /apply/personal",
    "GET /termsandconditions",
    "GET /api/openapi.json",
    "deep health",
    "an application to a decision",
    "a test borrower signs in",
    "a sandbox partner's signed lead",
  ]);
  expect(checks.find((c) => c.name === "deep health")!.detail).toMatch(/^ok, version /);

  const wrongSecret = await smoke(baseURL!, {
    ...localDefaults(),
    partner: { id: "DEMO_TEST", secret: "not-the-sandbox-secret-0123456789abcdef" },
  });
  expect(wrongSecret.filter((c) => !c.ok).map((c) => [c.name, c.detail])).toEqual([
    ["a sandbox partner's signed lead", "the sandbox lead answered 401, not 200"],
  ]);
  expect(report(baseURL!, wrongSecret)).toBe(false);
  // The live demo partner is refused before anything is decided: the check never makes an application.
  const live = await smoke(baseURL!, {
    ...localDefaults(),
    partner: { id: "DEMO", secret: devVar("PARTNER_SECRET_DEMO") },
  });
  expect(live.find((c) => c.name === "a sandbox partner's signed lead")!.detail).toBe(
    "the sandbox lead answered 409, not 200",
  );
});
