import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { database } from "#db/client";
import { currentTime } from "./clock";
import { type ServicingEnv, ServicingError } from "./context";
import { withLineHomes } from "./objects/homes";
import { lineObjects } from "./objects/route";
import { withOutgoing } from "./outgoing";
import { accountRoutes } from "./routes/account";
import { applicationRoutes } from "./routes/applications";
import { authRoutes } from "./routes/auth";
import { communicationRoutes } from "./routes/communications";
import { esignRoutes } from "./routes/esign";
import { passkeyRoutes } from "./routes/passkeys";
import { recordRoutes } from "./routes/records";
import { tokenRoutes } from "./routes/token";

/**
 * The embedded platform: the whole call catalogue on D1, as a Hono app.
 * The product calls it in-process (functions/platform/embedded-transport.ts);
 * no public route mounts it. `npm run platform` serves it on a local port for
 * the upstream contract tests.
 */
export const servicingApp = new Hono<ServicingEnv>()
  .use(async (c, next) => {
    // A line in its object is read from there by every call that reads it (its documents).
    const db = withLineHomes(database(c.env.DB), c.env.LINES);
    const now = await currentTime(c.env, db);
    // Every message this call sends goes through the dispatch queue (outgoing.ts).
    c.set(
      "db",
      withOutgoing(db, c.env, () => now.getTime()),
    );
    c.set("now", now);
    await next();
  })
  // A line in its own object answers its borrower's account calls (decision record 032).
  .use(lineObjects)
  .route("/", tokenRoutes)
  .route("/", applicationRoutes)
  .route("/", authRoutes)
  .route("/", accountRoutes)
  .route("/", communicationRoutes)
  .route("/", esignRoutes)
  .route("/", passkeyRoutes)
  .route("/", recordRoutes)
  .notFound((c) => c.json({ error: "No such call." }, 404))
  .onError((error, c) => {
    if (error instanceof ServicingError) return c.json({ error: error.message, fields: error.fields }, error.status);
    if (error instanceof HTTPException) return c.json({ error: error.message || "Bad request." }, error.status);
    console.error("servicing error", error instanceof Error ? error.name : "unknown");
    return c.json({ error: "The platform could not complete the request." }, 500);
  });
