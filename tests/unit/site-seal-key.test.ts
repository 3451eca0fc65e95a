import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The site seals what it keeps in sessions (the platform token, the
 * application draft, a pending inline password) with its own key,
 * SESSION_SEAL_KEY (functions/server/sessions/seal.ts). The servicing core's keys
 * (SSN_ENCRYPTION_KEY, functions/servicing/crypto.ts) are the platform's: no
 * site code reaches them, so the two can be rotated and leaked apart.
 */

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const SITE = [
  ...sources("app"),
  ...sources(join("functions", "server")).filter((p) => !p.startsWith(join("functions", "server", "api", "dev"))),
];

describe("the site's own seal key", () => {
  it("no site module imports the servicing core's crypto or its key derivation", () => {
    const offenders = SITE.filter((path) => {
      const text = readFileSync(path, "utf8");
      return (
        /from\s+"[^"]*servicing\/crypto"/.test(text) ||
        /\bpersonalDataKeys\b/.test(text) ||
        /\bSSN_ENCRYPTION_KEY\b/.test(text)
      );
    });
    expect(offenders).toEqual([]);
  });

  it("SESSION_SEAL_KEY is a required secret in every deployed environment and generated for development", () => {
    const wrangler = readFileSync("wrangler.toml", "utf8");
    const required = [...wrangler.matchAll(/^required = \[(.*)\]$/gm)].map((m) => m[1]!);
    expect(required.length).toBeGreaterThanOrEqual(2);
    for (const list of required) expect(list).toContain('"SESSION_SEAL_KEY"');
    expect(readFileSync("scripts/run.ts", "utf8")).toMatch(/SESSION_SEAL_KEY: \(\) =>/);
    expect(readFileSync("docs/operations.md", "utf8")).toContain("`SESSION_SEAL_KEY`");
  });
});
