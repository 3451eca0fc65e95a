import { type Browser, expect, test } from "@playwright/test";
import { type Covered, type CrawlPlan, crawl } from "./fixtures/crawler";
import { KNOWN_FINDINGS } from "./fixtures/known-findings";
import { pressLast } from "./fixtures/last";
import { applicant, borrower, crawlContext, guest, type Persona } from "./fixtures/personas";
import { attachReport, findingLine } from "./fixtures/report";

/**
 * The crawler (issue 15): as a guest, a new applicant and a fresh copy of
 * each demo standing, with JavaScript on and then off, it opens every
 * internal link and presses every enabled control it reaches, and fails on
 * any finding (tests/crawl-e2e/fixtures/watch.ts, checks.ts). The forms'
 * outcomes with JavaScript off must be the outcomes with it on.
 */
/**
 * Each persona with the seconds its two crawls may take (JavaScript on gets
 * 60% of them), so the eleven fit about five minutes on two workers.
 */
const PERSONAS: Array<[Persona, number]> = [
  [guest, 90],
  [applicant, 100],
  [borrower("esign"), 80],
  [borrower("current"), 50],
  [borrower("owing"), 40],
  // Just e-signed with a first draw, before the first statement.
  [borrower("new"), 30],
  [borrower("pastDue"), 45],
  [borrower("chargedOff"), 45],
  [borrower("washington"), 30],
  [borrower("closed"), 15],
  [borrower("withdrawn"), 15],
];

/** Money, withdrawal and signing out: pressed last, each on a fresh copy. */
function risky(shape: string, name: string): boolean {
  return (
    /^log ?out$/i.test(name) ||
    /SUBMIT (REQUEST|PAYMENT)|withdraw/i.test(name) ||
    (shape.startsWith("/esign/signature") && /^SUBMIT$/i.test(name))
  );
}

async function run(
  browser: Browser,
  base: string,
  persona: Persona,
  js: boolean,
  seconds: number,
  key: string,
): Promise<{ covered: Covered; ms: number }> {
  const started = Date.now();
  const context = await crawlContext(browser, base, js, key);
  const { who, start } = await persona.begin(context);
  // The deadline counts from the first page: signing in (PBKDF2) takes what it takes.
  const audience = persona === guest || persona === applicant ? "guest" : "borrower";
  const plan: CrawlPlan = {
    who,
    start,
    js,
    audience,
    renew: persona.renew,
    explores: persona.explores,
    risky,
    budget: 200,
    maxPresses: 7,
    deadline: Date.now() + seconds * 1000,
  };
  const covered = await crawl(context, base, plan);
  await context.close();
  await pressLast(browser, base, persona, plan, covered, key);
  return { covered, ms: Date.now() - started };
}

for (const [persona, seconds] of PERSONAS) {
  test(`crawl as ${persona.name}: every link and control, JavaScript on and off`, async ({
    browser,
    baseURL,
  }, info) => {
    // The crawls stop at their deadlines; signing in and the controls pressed last on fresh copies come on top.
    test.setTimeout(seconds * 1000 + 150_000);
    const on = await run(browser, baseURL!, persona, true, seconds * 0.6, `${info.testId}:on`);
    const off = await run(browser, baseURL!, persona, false, seconds * 0.4, `${info.testId}:off`);
    await attachReport(info, persona.name, [
      { mode: "on", ...on },
      { mode: "off", ...off },
    ]);
    const all = [
      ...on.covered.findings.map((f) => ({ f, mode: "on" })),
      ...off.covered.findings.map((f) => ({ f, mode: "off" })),
    ];
    const notes = all.filter(({ f }) => f.note).map(({ f, mode }) => `JS ${mode} | ${findingLine(f)}`);
    if (notes.length > 0) console.log(`crawl ${persona.name}: notes (not failures):\n  ${notes.join("\n  ")}`);
    const findings = [
      ...all.filter(({ f }) => !f.note).map(({ f, mode }) => `JS ${mode} | ${findingLine(f)}`),
      ...differentOutcomes(on.covered, off.covered),
    ];
    const known = [
      ...(KNOWN_FINDINGS[persona.name] ?? []),
      ...(persona === guest || persona === applicant ? [] : (KNOWN_FINDINGS["*"] ?? [])),
    ];
    // A crawl bounded by time may not reach a pinned finding on a busy machine: one not seen is told, not failed.
    const unseen = known.filter((k) => !findings.some((f) => k.test(f)));
    if (unseen.length > 0)
      console.log(
        `crawl ${persona.name}: pinned findings not seen this run (fixed, or not reached): ${unseen.map(String).join("; ")}`,
      );
    expect(
      findings.filter((f) => !known.some((k) => k.test(f))),
      `findings as ${persona.name} (page | control | what happened)`,
    ).toEqual([]);
  });
}

/** A form pressed with JavaScript off must lead where it leads with JavaScript on (somewhere it led, when pressed more than once). */
function differentOutcomes(on: Covered, off: Covered): string[] {
  return [...off.outcomes]
    .filter(([form, outcomes]) => on.outcomes.has(form) && ![...outcomes].some((o) => on.outcomes.get(form)!.has(o)))
    .map(
      ([form, outcomes]) =>
        `JS off | ${form} | leads to ${[...outcomes].join(" or ")}, with JavaScript on to ${[...on.outcomes.get(form)!].join(" or ")}`,
    );
}
