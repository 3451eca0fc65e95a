import { vValidator } from "@hono/valibot-validator";
import type { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type * as v from "valibot";
import type { CallDef } from "#domain/catalogue/define";
import { fieldErrors } from "#domain/field-errors";
import { sha256Hex } from "#domain/tokens";
import type { ServicingContext, ServicingEnv } from "./context";
import { authenticate } from "./tokens";

type AnswerBody<D extends CallDef> = Omit<v.InferInput<D["answer"]>, "tokenToUse">;
export type CallHandler<D extends CallDef> = (
  c: ServicingContext,
  payload: v.InferOutput<D["payload"]>,
) => Promise<AnswerBody<D>>;

export interface CallOptions {
  /**
   * The handler reads the token's row in its own first D1 batch
   * (readAsCustomer, readAsCaller): one round trip for the token and the
   * data, not two.
   */
  tokenInBatch?: boolean;
}

function requireAuth(level: CallDef["auth"], options: CallOptions) {
  return createMiddleware<ServicingEnv>(async (c, next) => {
    if (level === "none") {
      c.set("caller", { kind: "merchant", customerId: null, tokenToUse: "" });
      return next();
    }
    const token = c.req.header("Authorization")?.match(/^Bearer (\S+)$/)?.[1];
    if (token && options.tokenInBatch) {
      c.set("credential", { token, tokenHash: await sha256Hex(token) });
      return next();
    }
    const caller = token ? await authenticate(c.var.db, token, c.var.now.getTime()) : null;
    if (!caller) return c.json({ error: "The token is missing, unknown or expired." }, 401);
    if (level === "customer" && caller.kind !== "customer")
      return c.json({ error: "A customer token is required." }, 403);
    c.set("caller", caller);
    return next();
  });
}

/**
 * A call that reads its token in its batch, refused before the batch (its
 * payload is bad): the token is checked here, so a dead or merchant token
 * still hears 401 or 403 first, as every other call's does.
 */
async function refuseUncheckedToken(c: ServicingContext, level: CallDef["auth"]): Promise<Response | null> {
  const credential = c.var.credential;
  if (!credential) return null;
  const caller = await authenticate(c.var.db, credential.token, c.var.now.getTime());
  if (!caller) return c.json({ error: "The token is missing, unknown or expired." }, 401);
  if (level === "customer" && caller.kind !== "customer")
    return c.json({ error: "A customer token is required." }, 403);
  c.set("caller", caller);
  return null;
}

/**
 * A refusal (4xx, or 5xx) after the token was accepted carries tokenToUse as
 * well: the token may have rotated on the way in, and a caller that never
 * learnt the new one would keep presenting the old one until it dies
 * (issue 14: refused calls with a token older than 10 minutes). The error
 * may come from the validator, the handler or the app's onError; Hono has
 * set the answer by the time `next()` returns.
 */
const tokenOnRefusals = createMiddleware<ServicingEnv>(async (c, next) => {
  await next();
  const token = c.var.caller?.tokenToUse;
  if (!token || c.res.status < 400 || !(c.res.headers.get("Content-Type") ?? "").includes("application/json")) return;
  const body = (await c.res.clone().json()) as unknown;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  c.res = new Response(JSON.stringify({ ...body, tokenToUse: token }), {
    status: c.res.status,
    headers: c.res.headers,
  });
});

/**
 * Registers one catalogue call: authentication, the payload validated with
 * the catalogue's schema (vValidator), the handler, and tokenToUse on the
 * answer, a refusal's included.
 */
export function implement<D extends CallDef>(
  app: Hono<ServicingEnv>,
  def: D,
  handler: CallHandler<D>,
  options: CallOptions = {},
): void {
  const target = def.payloadIn === "query" ? "query" : "json";
  app.on(
    def.method,
    `/${def.path}`,
    requireAuth(def.auth, options),
    tokenOnRefusals,
    // Bad payloads: 400 with each field's message, and nothing written (a refused token first, as always).
    vValidator(target, def.payload, async (result, c) => {
      if (result.success) return;
      const refused = await refuseUncheckedToken(c as unknown as ServicingContext, def.auth);
      if (refused) return refused;
      return c.json({ error: "The request is not valid.", fields: fieldErrors(result.issues, "(payload)") }, 400);
    }),
    async (c) => {
      const payload = c.req.valid(target as never) as v.InferOutput<D["payload"]>;
      const answer = await handler(c as unknown as ServicingContext, payload);
      const tokenToUse = c.var.caller.tokenToUse;
      return c.json(tokenToUse ? { ...answer, tokenToUse } : answer);
    },
  );
}
