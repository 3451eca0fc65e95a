import type { Context } from "hono";
import type { Database } from "#db/client";
import type { CoreEnv } from "./env";

/** Who is calling the embedded platform, from their bearer token. */
export interface Caller {
  kind: "merchant" | "customer";
  customerId: string | null;
  /** The token the answer tells the caller to use from now on. */
  tokenToUse: string;
}

export interface ServicingEnv {
  Bindings: CoreEnv;
  Variables: {
    db: Database;
    caller: Caller;
    /** A customer call whose token is read in the handler's first batch (implement's tokenInBatch). */
    credential?: { token: string; tokenHash: string };
    /** The servicing clock (movable in development). */
    now: Date;
  };
}

export type ServicingContext = Context<ServicingEnv>;

/** A refusal with a message (and optionally the field at fault). */
export class ServicingError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 422,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function requireCustomer(c: ServicingContext): string {
  const id = c.var.caller.customerId;
  if (c.var.caller.kind !== "customer" || !id) throw new ServicingError(403, "A customer token is required.");
  return id;
}
