import type { Database } from "#db/client";
import { easternDateTime } from "#domain/calendar";
import { account, communications } from "#domain/catalogue/index";
import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";
import { memoryTokenHolder, PlatformClient, type Transport } from "#platform";
import { benchCustomerToken } from "#servicing";

/**
 * Development only, for `npm run bench`: GetSummary and PostTransaction
 * timed in-process on the seeded bench accounts, through the typed client and
 * the embedded transport, as pages call them.
 */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Timing {
  samples: number;
  p50: number;
  p99: number;
}

async function time(samples: number, run: (i: number) => Promise<unknown>): Promise<Timing> {
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await run(i);
    durations.push(performance.now() - t0);
  }
  durations.sort((a, b) => a - b);
  return {
    samples,
    p50: Number(percentile(durations, 50).toFixed(2)),
    p99: Number(percentile(durations, 99).toFixed(2)),
  };
}

export async function measurePlatform(
  db: Database,
  transport: Transport,
  accounts: number,
  samples: number,
  now: number,
) {
  const pick = (i: number) => (i * 7919) % accounts;
  const clients = await Promise.all(
    Array.from(
      { length: samples },
      async (_, i) =>
        new PlatformClient(
          transport,
          memoryTokenHolder(await benchCustomerToken(db, pick(i), now)),
          EMBEDDED_MERCHANT_ID,
        ),
    ),
  );
  const today = easternDateTime(new Date(now)).date;
  // Warm the isolate and SQLite's page cache first, on accounts the timed run does not use.
  const warm = new PlatformClient(
    transport,
    memoryTokenHolder(await benchCustomerToken(db, accounts - 1, now)),
    EMBEDDED_MERCHANT_ID,
  );
  for (let i = 0; i < 50; i++) await warm.call(account.GetSummary, {});
  const getSummary = await time(samples, (i) => clients[i]!.call(account.GetSummary, {}));
  const postTransaction = await time(samples, (i) =>
    clients[i]!.call(
      account.PostTransaction,
      { applNo: 50_000_000 + pick(i), transactionDate: today, transactionAmount: 10_000, transactionCode: "D" },
      { idempotencyKey: `bench-${now}-${i}` },
    ),
  );
  return { getSummary, postTransaction };
}

/**
 * Passcode texts asked for through the typed client, `concurrency` at a
 * time, each to its own number: the bench matches them with their arrival at
 * the fake provider (request to provider, through the dispatch queue).
 */
export async function requestPasscodes(transport: Transport, count: number, concurrency: number) {
  const client = new PlatformClient(transport, memoryTokenHolder(), EMBEDDED_MERCHANT_ID);
  const run = `${Date.now() % 10_000}`.padStart(4, "0");
  const asked: Array<{ to: string; at: number }> = [];
  for (let from = 0; from < count; from += concurrency) {
    const wave = Array.from({ length: Math.min(concurrency, count - from) }, (_, i) => {
      const to = `61${run}${String(from + i).padStart(4, "0")}`;
      asked.push({ to, at: Date.now() });
      return client.call(communications.SendSmsOtp, { phoneNumber: to });
    });
    await Promise.all(wave);
  }
  return asked;
}
