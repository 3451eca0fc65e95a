import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { fileRoutes, pagePaths } from "../worker/helpers/doors";

/** The worker tests' list of pages (tests/worker/helpers/doors.ts) covers every route of app/routes.ts. */
describe("the page list of the worker tests", () => {
  it("has every route of app/routes.ts (files aside)", () => {
    const listed = new Set(pagePaths.map((p) => p.split("?")[0]!.replace(/^\//, "")));
    const missing = routes
      .map((r) => (r.index ? "" : r.path!))
      .filter((path) => !fileRoutes.includes(path))
      .filter((path) =>
        path === "*"
          ? !listed.has("no-such-page")
          : path.includes(":")
            ? ![...listed].some((l) => l.startsWith(path.split(":")[0]!))
            : !listed.has(path),
      );
    expect(missing).toEqual([]);
  });
});
