import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rooms' doors (issue 17), as far as they are locked so far: code under
 * functions/ (domain, site server, platform client, servicing core) never
 * imports app/ (route modules and components), and the domain room
 * (functions/domain: configuration, fees, the banking calendar, display
 * formatting) imports nothing of the project but itself.
 */

const ROOT = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import or re-export of a file, resolved to a path from the project's root. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:import|export)\s[^"';]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g)].map((m) => (m[1] ?? m[2])!);
  return specifiers.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

describe("the rooms' doors", () => {
  it("nothing under functions/ imports app/", () => {
    const crossings = sourceFiles("functions").flatMap((file) =>
      importsOf(file, readFileSync(join(ROOT, file), "utf8"))
        .filter((target) => target === "app" || target.startsWith("app/"))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it("the domain room imports nothing of the project outside itself (pure, browser-safe: no sessions, platform, servicing or db)", () => {
    const crossings = sourceFiles("functions/domain").flatMap((file) =>
      importsOf(file, readFileSync(join(ROOT, file), "utf8"))
        .filter((target) => !target.startsWith("functions/domain/"))
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it("the check sees an import into app/ (it can fail)", () => {
    const text = 'import { formatMoney } from "../../app/lib/format";\nexport { x } from "../../app/x";\nconst m = await import("../../app/y");';
    expect(importsOf("functions/servicing/posting.ts", text)).toEqual(["app/lib/format", "app/x", "app/y"]);
  });
});
