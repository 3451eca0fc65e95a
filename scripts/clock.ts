
/**
 * `npm run clock -- +30d`: moves the local site's servicing clock forward
 * (d, h or m) and runs the servicing, as the /dev/clock page does.
 */
export {};

const step = process.argv[2];
const base = `http://localhost:${process.env.PORT ?? "8787"}`;
if (!step || !/^\+?\d+[dhm]$/.test(step)) {
  console.error("Usage: npm run clock -- +30d   (or +12h, +90m)");
  process.exit(2);
}
const res = await fetch(`${base}/api/dev/clock`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ step }) }).catch(() => null);
if (!res?.ok) {
  console.error(`Could not reach ${base} (is npm start running?)`);
  process.exit(1);
}
const answer = (await res.json()) as { now: string; report: Record<string, number> };
console.log(`Servicing time is now ${answer.now}`);
console.table(answer.report);
