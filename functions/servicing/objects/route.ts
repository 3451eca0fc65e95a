import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { lineDirectory } from "#db/schema/directory";
import { customers } from "#db/schema/servicing";
import { account as calls } from "#domain/catalogue/index";
import { sha256Hex } from "#domain/tokens";
import { newestLineOf } from "../book";
import type { ServicingEnv } from "../context";
import { keyShapeProblem, requestHashOf } from "../idempotency";
import { callerOf, tokenCustomerId, tokenRowQuery } from "../tokens";
import type { LineAnswer, LineCall } from "./line-calls";
import type { LineLedger } from "./line-ledger";

/** The calls a line's object answers (decision record 032); every other call reads the shared database. */
const ROUTED = {
  "/Account/GetSummary": calls.GetSummary,
  "/Account/PostTransaction": calls.PostTransaction,
  "/Account/GetStatement": calls.GetStatement,
} as const;

type RoutedPath = keyof typeof ROUTED;
const isRouted = (path: string): path is RoutedPath => Object.hasOwn(ROUTED, path);

/** What the call asks of the object, or null when the request is not one the object should see. */
async function lineCallOf(
  path: RoutedPath,
  body: unknown,
  key: string,
  base: Pick<LineCall, "customer" | "nowMs">,
): Promise<LineCall | null> {
  if (path === "/Account/GetSummary")
    return v.is(calls.GetSummary.payload, body) ? { call: "GetSummary", ...base } : null;
  if (path === "/Account/GetStatement") {
    const parsed = v.safeParse(calls.GetStatement.payload, body);
    return parsed.success ? { call: "GetStatement", ...base, statementId: parsed.output.statementId } : null;
  }
  const parsed = v.safeParse(calls.PostTransaction.payload, body);
  if (!parsed.success || !key || keyShapeProblem(key)) return null;
  const payload = parsed.output;
  return { call: "PostTransaction", ...base, key, requestHash: await requestHashOf(payload), payload };
}

/**
 * With LINE_STORE = "objects", a customer whose newest line the directory places in its own object
 * is answered by that object: one trip to the shared database reads the token, the directory entry
 * and the customer together, then the object reads and writes the line's rows. Anything else (the
 * setting off, a line still in the shared database, a refused token, a bad payload or key) goes on
 * to the shared database's handler, which answers or refuses it as it always has.
 */
export const lineObjects = createMiddleware<ServicingEnv>(async (c, next) => {
  const path = c.req.path;
  if (c.env.LINE_STORE !== "objects" || !c.env.LINES || !isRouted(path)) return next();
  const token = c.req.header("Authorization")?.match(/^Bearer (\S+)$/)?.[1];
  if (!token) return next();
  const body: unknown = await c.req.json().catch(() => undefined);
  const db = c.var.db;
  const now = c.var.now.getTime();
  const tokenHash = await sha256Hex(token);
  const customerId = tokenCustomerId(tokenHash, now);
  const [tokenRows, entries, customerRows] = await db.batch([
    tokenRowQuery(db, tokenHash, now),
    db
      .select({ objectName: lineDirectory.objectName })
      .from(lineDirectory)
      .where(and(eq(lineDirectory.lineId, newestLineOf(customerId).line), eq(lineDirectory.store, "object"))),
    db.select().from(customers).where(eq(customers.id, customerId)),
  ]);
  const [row, entry, customer] = [tokenRows[0], entries[0], customerRows[0]];
  if (!row || !entry?.objectName || !customer) return next();
  const input = await lineCallOf(path, body, c.req.header("Idempotency-Key") ?? "", { customer, nowMs: now });
  if (!input) return next();
  const caller = await callerOf(db, row, token, now);
  const lines = c.env.LINES as DurableObjectNamespace<LineLedger>;
  // The answer's body is JSON the catalogue types; RPC's typing of `unknown` is `never`.
  const answer = (await lines.get(lines.idFromName(entry.objectName)).call(input)) as unknown as LineAnswer;
  const answered = { ...(answer.body as object), tokenToUse: caller.tokenToUse };
  return c.json(answered, answer.status);
});
