/**
 * `npm run clock -- +30d`: moves the local site's servicing clock forward
 * (d, h or m) and runs the servicing, as the /dev/clock page does.
 * `npm run clock -- return <email> [paymentId]`: returns that borrower's
 * payment as the bank would (insufficient funds): the one with that Trans. ID,
 * or the latest still returnable (0-decisions.md, "Returns").
 */
export {};

const base = `http://localhost:${process.env.PORT ?? "8787"}`;
const usage = "Usage: npm run clock -- +30d   (or +12h, +90m)\n       npm run clock -- return <email> [paymentId]";

async function post(path: string, body: unknown): Promise<{ status: number; answer: Record<string, unknown> }> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) {
    console.error(`Could not reach ${base} (is npm start running?)`);
    process.exit(1);
  }
  return { status: res.status, answer: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

const [command, ...rest] = process.argv.slice(2);

if (command === "return") {
  const [email, paymentId] = rest;
  if (!email) {
    console.error(usage);
    process.exit(2);
  }
  const { status, answer } = await post("/api/dev/return", { email, ...(paymentId ? { paymentId } : {}) });
  if (status !== 200) {
    console.error(`Not returned: ${String(answer.error ?? `the site answered ${status}`)}`);
    process.exit(1);
  }
  const returned = answer.returned as {
    transactionId: string;
    postedOn: string;
    amountCents: number;
    returnedOn: string;
  };
  const dollars = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;
  console.log(
    `Returned payment ${returned.transactionId} of ${dollars(returned.amountCents)} (posted ${returned.postedOn}) on ${returned.returnedOn}.`,
  );
  console.log(
    `The account is now ${String(answer.standing)}: past due ${dollars(answer.pastDueCents)}, Next Minimum Due ${dollars(answer.nextMinimumDueCents)}.`,
  );
} else {
  if (!command || !/^\+?\d+[dhm]$/.test(command)) {
    console.error(usage);
    process.exit(2);
  }
  const { status, answer } = await post("/api/dev/clock", { step: command });
  if (status !== 200) {
    console.error(`The clock did not move: ${String(answer.error ?? `the site answered ${status}`)}`);
    process.exit(1);
  }
  console.log(`Servicing time is now ${String(answer.now)}`);
  console.table(answer.report);
}
