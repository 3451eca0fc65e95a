/**
 * `npm run db:move-lines [-- --dry-run] [-- --batch 100]`: moves every line of the local site's
 * shared database into its own object, verifying each (decision record 032), through the running
 * site (`npm start`). It can be stopped and run again: moved lines
 * are skipped. A refused line stays in the shared database and is listed; the exit code is 1.
 */
import type { MoveBatch, MoveOutcome } from "#servicing";

const base = `http://localhost:${process.env.PORT ?? "8787"}`;
const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run");
const batchAt = args.indexOf("--batch");
const limit = batchAt >= 0 ? Number(args[batchAt + 1]) : 100;
if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
  console.error("Usage: npm run db:move-lines -- [--dry-run] [--batch 1..200]");
  process.exit(2);
}

async function nextBatch(after: number): Promise<MoveBatch> {
  const res = await fetch(`${base}/api/dev/lines/move`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ after, limit, dryRun }),
  }).catch(() => null);
  if (!res) throw new Error(`Could not reach ${base} (is npm start running?)`);
  const answer = (await res.json().catch(() => ({}))) as MoveBatch & { error?: string };
  if (res.status !== 200) throw new Error(answer.error ?? `The site answered ${res.status}.`);
  return answer;
}

const tally = new Map<MoveOutcome["outcome"], number>();
const refused: MoveOutcome[] = [];
let after = 0;
try {
  for (;;) {
    const batch = await nextBatch(after);
    for (const o of batch.outcomes) {
      tally.set(o.outcome, (tally.get(o.outcome) ?? 0) + 1);
      if (o.outcome === "refused" || o.outcome === "changed during the move") refused.push(o);
    }
    if (batch.after === null) break;
    after = batch.after;
    process.stdout.write(`\r${[...tally.values()].reduce((a, b) => a + b, 0)} lines looked at, through line ${after}`);
  }
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`\n${dryRun ? "Dry run: nothing was moved." : "Done."}`);
for (const [outcome, n] of tally) console.log(`  ${outcome}: ${n}`);
for (const o of refused)
  console.log(
    `  line ${o.lineId} stays in the shared database: ${o.outcome}${o.differences ? ` (${o.differences.join(", ")})` : ""}`,
  );
process.exit(refused.length > 0 ? 1 : 0);
