import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { relyingParty } from "../access/relying-party";
import { landingFor, signIn } from "../access/sign-in";
import { brand } from "../config";
import { catalogue, memoryTokenHolder, platformClient, PlatformError } from "../platform/index";
import { saveSession } from "../sessions/session";
import { NoBody } from "./body-limits";
import { limitPerIp, withSession } from "./middleware";
import type { ApiEnv } from "./types";

/**
 * Passkeys for the browser scripts of the login and preferences pages. The
 * session's platform token is used (and rotated) server-side; the platform
 * verifies every WebAuthn ceremony.
 */
const bad = (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) => {
  if (!result.success) return c.json({ error: "The request is not valid." }, 400);
};
const Ceremony = v.object({ challengeId: v.pipe(v.string(), v.maxLength(100)), response: v.record(v.string(), v.unknown()) });
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, "Please name your passkey."), v.maxLength(40));

/** Cross-site requests are refused before anything else (cookies are SameSite=Lax too). */
const sameOrigin = createMiddleware<ApiEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin && origin !== new URL(c.req.url).origin) return c.json({ error: "Cross-site requests are not accepted." }, 403);
  await next();
});

function client(c: { env: ApiEnv["Bindings"]; var: ApiEnv["Variables"] }) {
  const tokens = memoryTokenHolder(c.var.session?.data.platformToken ?? null);
  return { platform: platformClient(c.env, tokens), tokens };
}

const signedInOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.session?.data.customerId) return c.json({ error: "Please log in." }, 401);
  await next();
});

async function keepToken(c: { env: ApiEnv["Bindings"]; var: ApiEnv["Variables"] }, token: string | null) {
  const session = c.var.session;
  if (session && token && token !== session.data.platformToken) await saveSession(c.env.DB, session, { ...session.data, platformToken: token });
}

function failure(error: unknown, c: { json: (body: unknown, status: 400 | 502) => Response }) {
  if (error instanceof PlatformError) return c.json({ error: error.kind === "rejected" ? error.message.replace(/^[^:]+: /, "") : "Please try again." }, error.kind === "rejected" ? 400 : 502);
  throw error;
}

export const passkeysApi = new Hono<ApiEnv>()
  .use(sameOrigin, withSession, limitPerIp("passkeyPerIp"))
  .post("/login/options", vValidator("json", NoBody, bad), async (c) => {
    const { platform, tokens } = client(c);
    try {
      const answer = await platform.call(catalogue.passkeys.PasskeyLoginOptions, { rpID: relyingParty(c.env, c.req.raw).rpID });
      await keepToken(c, tokens.get());
      return c.json(answer);
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/login/verify", vValidator("json", Ceremony, bad), async (c) => {
    const { platform, tokens } = client(c);
    try {
      const answer = await platform.call(catalogue.passkeys.PasskeyLogin, { ...c.req.valid("json"), ...relyingParty(c.env, c.req.raw) });
      if (!answer.verified) return c.json({ error: "We couldn't sign you in with that passkey." }, 401);
      const setCookie = await signIn(c.env, c.var.session, { customerId: answer.custId, firstName: answer.firstName, loanStatus: answer.loanStatus, hasValidEsignatures: answer.hasValidEsignatures, platformToken: tokens.get() });
      c.header("Set-Cookie", setCookie);
      return c.json({ redirectTo: landingFor(answer.loanStatus, answer.hasValidEsignatures) });
    } catch (error) {
      return failure(error, c);
    }
  })
  .use(signedInOnly)
  .get("/", async (c) => {
    const { platform, tokens } = client(c);
    try {
      const answer = await platform.call(catalogue.passkeys.PasskeyList, {});
      await keepToken(c, tokens.get());
      return c.json({ passkeys: answer.passkeys });
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/register/options", vValidator("json", NoBody, bad), async (c) => {
    const { platform, tokens } = client(c);
    try {
      const answer = await platform.call(catalogue.passkeys.PasskeyRegistrationOptions, { rpID: relyingParty(c.env, c.req.raw).rpID, rpName: brand.name });
      await keepToken(c, tokens.get());
      return c.json(answer);
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/register/verify", vValidator("json", v.object({ ...Ceremony.entries, name: Name }), bad), async (c) => {
    const { platform, tokens } = client(c);
    try {
      await platform.call(catalogue.passkeys.PasskeyRegister, { ...c.req.valid("json"), ...relyingParty(c.env, c.req.raw) });
      await keepToken(c, tokens.get());
      return c.json({ status: true });
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/:id/rename", vValidator("json", v.object({ name: Name }), bad), async (c) => {
    const { platform } = client(c);
    try {
      return c.json(await platform.call(catalogue.passkeys.PasskeyRename, { id: c.req.param("id"), name: c.req.valid("json").name }));
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/:id/remove", vValidator("json", NoBody, bad), async (c) => {
    const { platform } = client(c);
    try {
      return c.json(await platform.call(catalogue.passkeys.PasskeyRemove, { id: c.req.param("id") }));
    } catch (error) {
      return failure(error, c);
    }
  });
