/**
 * `npm run verify:money -- --lives 5000 [--seed N] [--full]`: plays random
 * borrower lives through the product's account-state engine and through the
 * independent model of tests/oracle, and prints the first disagreement with
 * its seed and a day-by-day trace (decision record 013). Reproducible: the
 * same seed plays the same lives. --full plays lives through the whole
 * embedded platform inside workerd instead (D1, the servicing run, GetSummary,
 * the statement records), fewer and slower.
 */
import fc from "fast-check";
import { compareLife, describeDisagreement, lifeArb } from "../tests/money/lives";
import { productLine } from "../tests/money/product-line";
import { run } from "./run";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const lives = Number(option("lives") ?? 1_000);
const seed = Number(option("seed") ?? Date.now() % 2_147_483_647);
if (!Number.isSafeInteger(lives) || lives < 1 || !Number.isSafeInteger(seed)) {
  console.error("Usage: npm run verify:money -- --lives 5000 [--seed N] [--full]");
  process.exit(2);
}

if (process.argv.includes("--full")) {
  await run("npx", ["vitest", "run", "--project", "worker", "tests/worker/money-lives.test.ts"], {
    env: { MONEY_LIVES: String(lives), MONEY_SEED: String(seed) },
  });
  process.exit(0);
}

console.log(`Playing ${lives} lives (seed ${seed}) through the engine and the reference model...`);
const started = Date.now();
let played = 0;
const result = fc.check(
  fc.property(lifeArb, (life) => {
    played++;
    if (played % 500 === 0) console.log(`  ${played} lives, ${Math.round((Date.now() - started) / 1000)} s`);
    return compareLife(life, productLine) === null;
  }),
  { numRuns: lives, seed },
);
if (result.failed) {
  const life = result.counterexample![0];
  console.error(
    `\nThe engine and the model disagree (seed ${seed}, path ${result.counterexamplePath}; shrunk ${result.numShrinks} times):\n`,
  );
  console.error(describeDisagreement(compareLife(life, productLine)!));
  console.error(`\nReplay: npm run verify:money -- --lives ${lives} --seed ${seed}`);
  process.exit(1);
}
console.log(
  `No disagreement in ${result.numRuns} lives of 400 days (seed ${seed}), ${Math.round((Date.now() - started) / 1000)} s.`,
);
