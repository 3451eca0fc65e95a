import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import * as v from "valibot";
import { brand } from "#domain/config";
import { catalogue, PlatformError, platformClient } from "#platform";
import { relyingParty } from "../access/relying-party";
import { landingFor, signIn } from "../access/sign-in";
import { SESSION_ENDED_NOTICE, SESSION_ENDED_PATH } from "../sessions/request-session";
import { endSession } from "../sessions/session";
import { NoBody } from "./body-limits";
import { limitPerIp, withSession } from "./middleware";
import type { ApiEnv } from "./types";

/**
 * Passkeys for the browser scripts of the login and preferences pages. The
 * session's platform token is used (and rotated) server-side; the platform
 * verifies every WebAuthn ceremony. Answers carry only what the page needs:
 * never the platform's answer as it is (it holds tokenToUse).
 */
const bad = (result: { success: boolean }, c: { json: (body: unknown, status: 400) => Response }) => {
  if (!result.success) return c.json({ error: "The request is not valid." }, 400);
};
const Ceremony = v.object({
  challengeId: v.pipe(v.string(), v.maxLength(100)),
  response: v.record(v.string(), v.unknown()),
});
const Name = v.pipe(v.string(), v.trim(), v.minLength(1, "Please name your passkey."), v.maxLength(40));

/** Cross-site requests are refused before anything else (cookies are SameSite=Lax too). */
const sameOrigin = createMiddleware<ApiEnv>(async (c, next) => {
  const origin = c.req.header("Origin");
  if (origin && origin !== new URL(c.req.url).origin)
    return c.json({ error: "Cross-site requests are not accepted." }, 403);
  await next();
});

type Ctx = { env: ApiEnv["Bindings"]; var: ApiEnv["Variables"] };

/** The platform client of this request: the session's token, kept by the session middleware whatever the answer. */
function client(c: Ctx) {
  return platformClient(c.env, c.var.tokens);
}

/** A signed-in call whose session ended (its platform token refused): the page goes to login, which says so. */
const sessionEnded = (c: { json: (body: unknown, status: 401) => Response }) =>
  c.json({ error: SESSION_ENDED_NOTICE, redirectTo: SESSION_ENDED_PATH }, 401);

const signedInOnly = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.var.sessionEnded === "token") return sessionEnded(c);
  if (!c.var.session?.data.customerId) return c.json({ error: "Please log in." }, 401);
  await next();
});

/**
 * What a failed platform call answers. A refused token ends a signed-in
 * session here and now (the page then goes to login with the notice); it
 * must not stay alive to be refused again.
 */
async function failure(
  error: unknown,
  c: Ctx & {
    json: (body: unknown, status: 400 | 401 | 502) => Response;
    header: (name: string, value: string, options?: { append?: boolean }) => void;
  },
) {
  if (!(error instanceof PlatformError)) throw error;
  if (error.kind === "unauthorized" && c.var.session?.data.customerId) {
    c.header("Set-Cookie", await endSession(c.env, c.var.session), { append: true });
    return sessionEnded(c);
  }
  return c.json(
    { error: error.kind === "rejected" ? error.message.replace(/^[^:]+: /, "") : "Please try again." },
    error.kind === "rejected" ? 400 : 502,
  );
}

/** A ceremony's options for the browser: the challenge and the WebAuthn options, nothing else of the platform's answer. */
const ceremony = (answer: { challengeId: string; options: Record<string, unknown> }) => ({
  challengeId: answer.challengeId,
  options: answer.options,
});

export const passkeysApi = new Hono<ApiEnv>()
  .use(sameOrigin, withSession, limitPerIp("passkeyPerIp"))
  .post("/login/options", vValidator("json", NoBody, bad), async (c) => {
    try {
      return c.json(
        ceremony(
          await client(c).call(catalogue.passkeys.PasskeyLoginOptions, { rpID: relyingParty(c.env, c.req.raw).rpID }),
        ),
      );
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/login/verify", vValidator("json", Ceremony, bad), async (c) => {
    try {
      const answer = await client(c).call(catalogue.passkeys.PasskeyLogin, {
        ...c.req.valid("json"),
        ...relyingParty(c.env, c.req.raw),
      });
      if (!answer.verified) return c.json({ error: "We couldn't sign you in with that passkey." }, 401);
      const setCookie = await signIn(c.env, c.var.session, {
        customerId: answer.custId,
        firstName: answer.firstName,
        loanStatus: answer.loanStatus,
        hasValidEsignatures: answer.hasValidEsignatures,
        platformToken: c.var.tokens.get(),
      });
      c.header("Set-Cookie", setCookie);
      return c.json({ redirectTo: landingFor(answer.loanStatus, answer.hasValidEsignatures) });
    } catch (error) {
      return failure(error, c);
    }
  })
  .use(signedInOnly)
  .get("/", async (c) => {
    try {
      const answer = await client(c).call(catalogue.passkeys.PasskeyList, {});
      return c.json({ passkeys: answer.passkeys });
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/register/options", vValidator("json", NoBody, bad), async (c) => {
    try {
      return c.json(
        ceremony(
          await client(c).call(catalogue.passkeys.PasskeyRegistrationOptions, {
            rpID: relyingParty(c.env, c.req.raw).rpID,
            rpName: brand.name,
          }),
        ),
      );
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/register/verify", vValidator("json", v.object({ ...Ceremony.entries, name: Name }), bad), async (c) => {
    try {
      await client(c).call(catalogue.passkeys.PasskeyRegister, {
        ...c.req.valid("json"),
        ...relyingParty(c.env, c.req.raw),
      });
      return c.json({ status: true });
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/:id/rename", vValidator("json", v.object({ name: Name }), bad), async (c) => {
    try {
      const answer = await client(c).call(catalogue.passkeys.PasskeyRename, {
        id: c.req.param("id"),
        name: c.req.valid("json").name,
      });
      return c.json({ status: answer.status });
    } catch (error) {
      return failure(error, c);
    }
  })
  .post("/:id/remove", vValidator("json", NoBody, bad), async (c) => {
    try {
      const answer = await client(c).call(catalogue.passkeys.PasskeyRemove, { id: c.req.param("id") });
      return c.json({ status: answer.status });
    } catch (error) {
      return failure(error, c);
    }
  });
