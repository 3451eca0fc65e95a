import { and, eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { lineDirectory } from "#db/schema/directory";
import { customers } from "#db/schema/servicing";
import { newestLineOf } from "../book";
import type { DeskActor } from "../desk";
import type { CoreEnv } from "../env";
import { DESK_LINE_ACTIONS, type DeskLineAction, type DeskLineInput, type DeskLineResult } from "./desk-calls";
import { answeredBody } from "./homes";
import type { LineAnswer } from "./line-calls";
import type { LineLedger } from "./line-ledger";

/**
 * A desk change to a borrower's line, where the line lives (decision record 032). With lines in
 * their objects (the default), one read of the shared database finds the directory entry of the customer's newest line
 * and the customer; a line in its object is changed there, any other here, by the same function.
 */
export async function deskLineAction<A extends DeskLineAction>(
  env: CoreEnv,
  db: Database,
  action: A,
  actor: DeskActor,
  input: DeskLineInput<A>,
  now: Date,
): Promise<DeskLineResult<A>> {
  const here = DESK_LINE_ACTIONS[action] as unknown as (
    ...args: [D1Database, Database, DeskActor, DeskLineInput<A>, Date]
  ) => Promise<DeskLineResult<A>>;
  const { customerId } = input as { customerId: string };
  const [entries, customerRows] = await db.batch([
    db
      .select({ objectName: lineDirectory.objectName })
      .from(lineDirectory)
      .where(and(eq(lineDirectory.lineId, newestLineOf(customerId).line), eq(lineDirectory.store, "object"))),
    db.select().from(customers).where(eq(customers.id, customerId)),
  ]);
  const [entry, customer] = [entries[0], customerRows[0]];
  if (!entry || !customer) return here(env.DB, db, actor, input, now);
  const lines = env.LINES as DurableObjectNamespace<LineLedger>;
  const call = { action, actor, input: input as { customerId: string }, customer, nowMs: now.getTime() };
  // The answer's body is JSON the action types; RPC's typing of `unknown` is `never`.
  const answer = (await lines.get(lines.idFromName(entry.objectName)).desk(call)) as unknown as LineAnswer;
  return answeredBody<DeskLineResult<A>>(answer);
}
