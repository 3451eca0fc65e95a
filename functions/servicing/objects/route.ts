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
import { type CustomerRow, type LineAnswer, type LineCall, sameCustomerRow } from "./line-calls";
import type { LineLedger } from "./line-ledger";

/** The calls a line's object answers (decision record 032); every other call reads the shared database. */
const ROUTED = {
  "/Account/GetSummary": calls.GetSummary,
  "/Account/PostTransaction": calls.PostTransaction,
  "/Account/GetStatement": calls.GetStatement,
  "/Account/GetPayoffProjection": calls.GetPayoffProjection,
} as const;

type RoutedPath = keyof typeof ROUTED;
const isRouted = (path: string): path is RoutedPath => Object.hasOwn(ROUTED, path);

/** What the call asks of the object, or null when the request is not one the object should see. */
async function lineCallOf(
  path: RoutedPath,
  body: unknown,
  key: string,
  base: { customer: CustomerRow; nowMs: number },
): Promise<LineCall | null> {
  if (path === "/Account/GetSummary")
    return v.is(calls.GetSummary.payload, body) ? { call: "GetSummary", ...base } : null;
  if (path === "/Account/GetStatement") {
    const parsed = v.safeParse(calls.GetStatement.payload, body);
    return parsed.success ? { call: "GetStatement", ...base, statementId: parsed.output.statementId } : null;
  }
  if (path === "/Account/GetPayoffProjection") {
    const parsed = v.safeParse(calls.GetPayoffProjection.payload, body);
    return parsed.success ? { call: "GetPayoffProjection", ...base, ...parsed.output } : null;
  }
  const parsed = v.safeParse(calls.PostTransaction.payload, body);
  if (!parsed.success || !key || keyShapeProblem(key)) return null;
  const payload = parsed.output;
  return { call: "PostTransaction", ...base, key, requestHash: await requestHashOf(payload), payload };
}

/**
 * Which object answered a token's customer last, by the token's hash: a hint only, kept in the
 * isolate, so a summary can be asked of the object while the shared database checks the token. The
 * directory's entry read in that same batch decides; a hint that disagrees costs one wasted read.
 */
const objectHints = new Map<string, string>();
const HINTS_KEPT = 10_000;

function rememberObject(tokenHash: string, objectName: string) {
  objectHints.delete(tokenHash);
  objectHints.set(tokenHash, objectName);
  if (objectHints.size > HINTS_KEPT) objectHints.delete(objectHints.keys().next().value as string);
}

/**
 * A customer whose newest line the directory places in its own object
 * is answered by that object: one trip to the shared database reads the token, the directory entry
 * and the customer together, then the object reads and writes the line's rows. Anything else (the
 * a line still in the shared database, a refused token, a bad payload or key) goes on
 * to the shared database's handler, which answers or refuses it as it always has.
 *
 * A summary (a read, the account page's) whose object is known from an earlier call is asked of the
 * object at the same time as that trip, answered from the object's copy of the customer, and used
 * only when the token is live, the directory names that object, and the copy equals the shared row.
 */
export const lineObjects = createMiddleware<ServicingEnv>(async (c, next) => {
  const path = c.req.path;
  if (!isRouted(path)) return next();
  const token = c.req.header("Authorization")?.match(/^Bearer (\S+)$/)?.[1];
  if (!token) return next();
  const body: unknown = await c.req.json().catch(() => undefined);
  const db = c.var.db;
  const now = c.var.now.getTime();
  const tokenHash = await sha256Hex(token);
  const lines = c.env.LINES as DurableObjectNamespace<LineLedger>;
  const ask = (objectName: string, input: LineCall) =>
    // The answer's body is JSON the catalogue types; RPC's typing of `unknown` is `never`.
    lines.get(lines.idFromName(objectName)).call(input) as unknown as Promise<LineAnswer>;
  const hint = objectHints.get(tokenHash);
  const early =
    hint && path === "/Account/GetSummary" && v.is(calls.GetSummary.payload, body)
      ? ask(hint, { call: "GetSummary", customer: null, nowMs: now }).catch(() => null)
      : null;
  const { row, entry, customer } = await sharedReads(db, tokenHash, now);
  if (!row || !entry?.objectName || !customer) return next();
  const objectName = entry.objectName;
  const input = await lineCallOf(path, body, c.req.header("Idempotency-Key") ?? "", { customer, nowMs: now });
  if (!input) return next();
  const caller = await callerOf(db, row, token, now);
  const guessed = objectName === hint ? await early : null;
  const answer = guessed && sameCustomerRow(guessed.customer, customer) ? guessed : await ask(objectName, input);
  rememberObject(tokenHash, objectName);
  if (caller.tokenToUse !== token) rememberObject(await sha256Hex(caller.tokenToUse), objectName);
  const answered = { ...(answer.body as object), tokenToUse: caller.tokenToUse };
  return c.json(answered, answer.status);
});

/** The one trip to the shared database: the token, the directory's entry for the newest line, the customer. */
async function sharedReads(db: ServicingEnv["Variables"]["db"], tokenHash: string, now: number) {
  const customerId = tokenCustomerId(tokenHash, now);
  const [tokenRows, entries, customerRows] = await db.batch([
    tokenRowQuery(db, tokenHash, now),
    db
      .select({ objectName: lineDirectory.objectName })
      .from(lineDirectory)
      .where(and(eq(lineDirectory.lineId, newestLineOf(customerId).line), eq(lineDirectory.store, "object"))),
    db.select().from(customers).where(eq(customers.id, customerId)),
  ]);
  return { row: tokenRows[0], entry: entries[0], customer: customerRows[0] };
}
