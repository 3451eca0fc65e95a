import { Hono } from "hono";
import { token as calls } from "#domain/catalogue/index";
import { EMBEDDED_MERCHANT_ID } from "#domain/catalogue/merchant";
import { type ServicingEnv, ServicingError } from "../context";
import { implement } from "../implement";
import { extendToken, issueToken } from "../tokens";

export const tokenRoutes = new Hono<ServicingEnv>();

implement(tokenRoutes, calls.CreateMerchantToken, async (c, { merchantId }) => {
  if (merchantId !== EMBEDDED_MERCHANT_ID) throw new ServicingError(401, "Unknown merchant.");
  const writtenToken = await issueToken(c.var.db, "merchant", null, c.var.now.getTime());
  c.var.caller.tokenToUse = writtenToken;
  return { token: { writtenToken } };
});

implement(tokenRoutes, calls.ExtendToken, async (c) => {
  const presented = c.req.header("Authorization")?.replace(/^Bearer /, "") ?? "";
  // A token due for rotation was replaced on the way in (a fresh one, 30 minutes): nothing to extend.
  if (c.var.caller.tokenToUse === presented) await extendToken(c.var.db, presented, c.var.now.getTime());
  return { status: true };
});
