import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { cruise, type IConfiguration, type ICruiseOptions, type IReporterOutput } from "dependency-cruiser";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The four rooms and their doors (issue 17, docs/architecture.md): the
 * project's own tree passes every rule of .dependency-cruiser.cjs, and each
 * rule fails on a small tree that breaks it (so none of them is a rule
 * nothing can break).
 */

const ROOT = resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs")) as IConfiguration;

async function violations(baseDir: string, paths: string[]): Promise<string[]> {
  const options: ICruiseOptions = {
    ...config.options,
    baseDir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    outputType: "json",
  };
  if (baseDir !== ROOT) delete options.tsConfig;
  const result = (await cruise(paths, options)) as IReporterOutput;
  const output = typeof result.output === "string" ? JSON.parse(result.output) : result.output;
  return output.summary.violations.map(
    (v: { rule: { name: string }; from: string; to: string }) => `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
}

describe("the rooms' doors", () => {
  it("the project breaks no rule: rooms, doors, no circles, nothing of the server in browser code", async () => {
    expect(await violations(ROOT, ["app", "functions", "db"])).toEqual([]);
  }, 60_000);

  /** A tree of one-line modules, each importing the files named. */
  const broken: Record<string, string[]> = {
    "functions/domain/money.ts": ["../server/env", "drizzle-orm"],
    "functions/server/env.ts": [],
    "functions/servicing/posting.ts": ["../platform/index"],
    "functions/servicing/app.ts": [],
    "functions/servicing/index.ts": ["./app"],
    "functions/platform/index.ts": [],
    "functions/platform/client.ts": ["../server/env"],
    "functions/platform/embedded-transport.ts": ["../servicing/app"],
    "functions/server/worker.ts": ["../servicing/index", "../../app/root"],
    "functions/server/sessions/session.ts": ["../../../db/schema/servicing", "./cookie"],
    "functions/server/sessions/cookie.ts": ["./session"],
    "app/root.tsx": [],
    "app/routes/account.tsx": ["../../functions/platform/client", "../../db/client"],
    "app/components/Shell.tsx": ["../../functions/server/env", "../routes/account.server"],
    "app/routes/account.server.ts": [],
    "db/client.ts": [],
    "db/schema/servicing.ts": [],
    "db/schema/site.ts": ["../../functions/server/sessions/session"],
  };
  const tree = mkdtempSync(join(tmpdir(), "rooms-"));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  for (const [file, imports] of Object.entries(broken)) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(
      join(tree, file),
      `${imports.map((target, i) => `import * as m${i} from "${target}";\nconsole.log(m${i});`).join("\n")}\nexport const x = 1;\n`,
    );
  }

  it("every rule fails on a tree that breaks it", async () => {
    const found = await violations(tree, ["app", "functions", "db"]);
    const rules = new Set(found.map((v) => v.split(":")[0]));
    expect([...rules].sort()).toEqual(config.forbidden!.map((rule) => rule.name).sort());
    expect(found).toContain("domain-is-pure: functions/domain/money.ts -> functions/server/env.ts");
    expect(found).toContain("core-one-door: functions/platform/embedded-transport.ts -> functions/servicing/app.ts");
    expect(found).toContain("core-door-users: functions/server/worker.ts -> functions/servicing/index.ts");
    expect(found).toContain("platform-one-door: app/routes/account.tsx -> functions/platform/client.ts");
    expect(found).toContain(
      "site-server-uses-its-own-tables: functions/server/sessions/session.ts -> db/schema/servicing.ts",
    );
  }, 60_000);
});
