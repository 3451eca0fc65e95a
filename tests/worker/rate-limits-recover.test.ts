import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RateLimitPolicyName, rateLimit, rateLimitPolicies } from "#server/http/rate-limit";
import { TOO_MANY } from "../../app/routes/access.server";
import { TOO_MANY_ATTEMPTS } from "../../app/routes/apply/wizard.server";
import { CONTACT_TOO_MANY } from "../../app/routes/contact.schema";
import { loginMessages } from "../../app/routes/login.server";
import { guestWithSession, signedInBorrower } from "./helpers/borrowers";
import { freshIp, postForm, send, sessionCookieOf } from "./helpers/http";

/**
 * Every policy of functions/server/http/rate-limit.ts, at the door it guards: hit
 * the real page or endpoint until it answers its limit (429 with
 * Retry-After for /api and the form-post guard, the page's own message for
 * the forms), then move the clock past the window and show the same door
 * answers again. rate-limiter.test.ts covers the Durable Object's arithmetic.
 *
 * Time: the RateLimiter takes `now` from Date.now(), and Durable Objects run
 * in the test's isolate, so `vi.setSystemTime` moves their clock too (only
 * Date is faked: timers stay real). Moving it also ends idle sessions and
 * platform tokens, so each door prepares its caller again after the jump.
 *
 * Speed: where a limit is large and each door hit is slow (a platform call,
 * a PBKDF2 hash), all but the last few hits are counted straight into the
 * same Durable Object key the door uses (`rateLimit(env, policy, key)`); the
 * door's own hits then cross the limit. A door that counted under another
 * key, or not at all, would never be refused, so the test still fails.
 */

const escapeHtml = (s: string) => s.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

/**
 * A page shows the message (React escapes quotes in the HTML): in the
 * markup a person sees, not only in the hydration data of a <script>
 * (where an action's answer sits even when nothing renders it). A `.data`
 * answer (the application's doors) is the action's data itself.
 */
async function shows(res: Response, message: string): Promise<boolean> {
  const text = await res.text();
  const visible = (res.headers.get("Content-Type") ?? "").startsWith("text/html")
    ? text.replace(/<script\b[\s\S]*?<\/script>/gi, "")
    : text;
  return visible.includes(escapeHtml(message)) || visible.includes(message);
}

async function refused429(res: Response): Promise<boolean> {
  await res.body?.cancel();
  if (res.status !== 429) return false;
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  return true;
}

const uniqueEmail = () => `rl-${crypto.randomUUID().slice(0, 8)}@example.com`;
/** A valid SSN no other test uses (area 100-599). */
const uniqueSsn = () =>
  `${100 + Math.floor(Math.random() * 500)}-${10 + Math.floor(Math.random() * 89)}-${1000 + Math.floor(Math.random() * 8999)}`;

/**
 * The application doors post as the client does (`.data`): only the action
 * answers, so its message is seen even where the step's loader, on a full
 * page post, would send an unfinished draft back to an earlier step.
 */
const applyAccepted = async (res: Response) => {
  const text = await res.text();
  return res.status !== 400 && !text.includes(TOO_MANY_ATTEMPTS);
};

interface Door<C> {
  policy: RateLimitPolicyName;
  /** A caller ready to knock (fresh session, flow state...), made again after the clock jump. */
  prepare: (ip: string) => Promise<C>;
  /** The key the door counts under, for the prefill. */
  key: (ip: string, caller: C) => string;
  knock: (ip: string, caller: C) => Promise<Response>;
  /** Did the door refuse for this policy? (Reads the body.) */
  refused: (res: Response) => Promise<boolean>;
  /** Did the door let the request through to its work? Default: not refused. */
  accepted?: (res: Response) => Promise<boolean>;
  /** How many of the limit's hits go through the door (the rest are prefilled). */
  viaDoor?: number;
}

afterEach(() => {
  vi.useRealTimers();
});

async function tripsAndRecovers<C>(door: Door<C>) {
  const { limit, windowMs } = rateLimitPolicies[door.policy];
  const ip = freshIp();
  let caller = await door.prepare(ip);
  const viaDoor = Math.min(limit, door.viaDoor ?? limit);
  const accepted = door.accepted ?? (async (res: Response) => !(await door.refused(res)));
  for (let i = 0; i < limit - viaDoor; i++) await rateLimit(env, door.policy, door.key(ip, caller));
  // The door's own hits up to the limit are allowed...
  for (let i = 0; i < viaDoor; i++)
    expect(
      await accepted(await door.knock(ip, caller)),
      `${door.policy}: hit ${limit - viaDoor + i + 1} of ${limit}`,
    ).toBe(true);
  // ...and the next one is refused.
  expect(await door.refused(await door.knock(ip, caller)), `${door.policy}: hit ${limit + 1}`).toBe(true);
  // Two windows later nothing of the burst weighs any more (sliding window).
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 2 * windowMs + 1_000);
  caller = await door.prepare(ip);
  expect(await accepted(await door.knock(ip, caller)), `${door.policy}: after the window`).toBe(true);
}

describe("every rate limit trips at its door and recovers after its window", { timeout: 120_000 }, () => {
  it("apiPerIp: any /api call, 429 with Retry-After", async () => {
    await tripsAndRecovers({
      policy: "apiPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) => send("/api/geo", { ip }),
      refused: refused429,
    });
  });

  it("formPostPerIp: any page form post, 429 with Retry-After, before the action runs", async () => {
    await tripsAndRecovers({
      policy: "formPostPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      // A body that is not a form is refused (415) only after it is counted: the cheapest post to count.
      knock: (ip) =>
        send("/contact", { ip, method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
      refused: refused429,
    });
  });

  it("statefulGetPerIp: page GETs that create state (a reset link here, a lead link alike), the 429 page with Retry-After", async () => {
    await tripsAndRecovers({
      policy: "statefulGetPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) => send("/reset-password?token=not-a-real-token", { ip }),
      refused: refused429,
      viaDoor: 3,
    });
  });

  it("passkeyPerIp: the passkey ceremonies, 429 with Retry-After", async () => {
    await tripsAndRecovers({
      policy: "passkeyPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) => send("/api/passkeys/login/options", { ip, method: "POST" }),
      refused: refused429,
      viaDoor: 3,
    });
  });

  it("contactPerIp: the contact form, 429 with its own message", async () => {
    await tripsAndRecovers({
      policy: "contactPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) =>
        postForm(
          "/contact",
          {
            firstName: "Rae",
            lastName: "Lim",
            email: uniqueEmail(),
            phone: "(614) 555-0100",
            messageCategory: "other",
            message: "Hello there, a question about my account.",
          },
          { ip },
        ),
      // With Retry-After, and the message on the page with when to try again (issue 14, item 10).
      refused: async (res) =>
        res.status === 429 && Number(res.headers.get("Retry-After")) > 0 && (await shows(res, CONTACT_TOO_MANY)),
    });
  });

  it("ssnCheckPerIp: the application's personal step, its message", async () => {
    await tripsAndRecovers({
      policy: "ssnCheckPerIp",
      prepare: () => guestWithSession(),
      key: (ip) => ip,
      knock: (ip, cookie) => {
        const email = uniqueEmail();
        return postForm(
          "/apply/personal.data",
          { firstName: "Rae", lastName: "Lim", birthdate: "05/17/1990", ssn: uniqueSsn(), email, confirmEmail: email },
          { ip, cookie },
        );
      },
      refused: (res) => shows(res, TOO_MANY_ATTEMPTS),
      accepted: applyAccepted,
      viaDoor: 3,
    });
  });

  it("decisionPerIp: the application's banking step, its message", async () => {
    await tripsAndRecovers({
      policy: "decisionPerIp",
      prepare: () => guestWithSession(),
      key: (ip) => ip,
      // The draft is empty, so an allowed post goes no further than the platform's refusal: cheap, and no application.
      knock: (ip, cookie) =>
        postForm(
          "/apply/banking.data",
          { repaymentMethod: "A", routing: "021000021", account: "123456789" },
          { ip, cookie },
        ),
      refused: (res) => shows(res, TOO_MANY_ATTEMPTS),
      accepted: applyAccepted,
      viaDoor: 3,
    });
  });

  it("emailCheckPerEmail: 'is this e-mail registered?' on login, its message", async () => {
    const email = uniqueEmail();
    await tripsAndRecovers({
      policy: "emailCheckPerEmail",
      prepare: async () => null,
      key: () => email,
      // A new IP each time: only the per-e-mail count can refuse.
      knock: () => postForm("/login", { intent: "email", email: email.toUpperCase() }),
      refused: (res) => shows(res, TOO_MANY),
    });
  });

  it("emailCheckPerIp: 'is this e-mail registered?' from one address, its message", async () => {
    await tripsAndRecovers({
      policy: "emailCheckPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) => postForm("/login", { intent: "email", email: uniqueEmail() }, { ip }),
      refused: (res) => shows(res, TOO_MANY),
      viaDoor: 3,
    });
  });

  it("passwordResetPerEmail: reset requests for one e-mail, its message", async () => {
    const email = uniqueEmail();
    await tripsAndRecovers({
      policy: "passwordResetPerEmail",
      prepare: async () => null,
      key: () => email,
      knock: () => postForm("/reset-password", { email, last4: "1234", birthdate: "05/17/1990" }),
      refused: (res) => shows(res, TOO_MANY),
    });
  });

  it("passwordResetPerIp: reset requests from one address, its message", async () => {
    await tripsAndRecovers({
      policy: "passwordResetPerIp",
      prepare: async () => null,
      key: (ip) => ip,
      knock: (ip) =>
        postForm("/reset-password", { email: uniqueEmail(), last4: "1234", birthdate: "05/17/1990" }, { ip }),
      refused: (res) => shows(res, TOO_MANY),
      viaDoor: 3,
    });
  });

  describe("passcodes (forgot password of a borrower)", () => {
    let borrowerEmail: string;
    beforeAll(async () => {
      borrowerEmail = (await signedInBorrower("current")).email;
    }, 60_000);

    /** A session in the forgot-password flow at the channel step, as the page leaves it. */
    async function atChannelStep(ip: string): Promise<string> {
      // The e-mail step's post starts the session (a page view keeps nothing).
      const res = await postForm("/forgot-password", { intent: "email", email: borrowerEmail }, { ip });
      const cookie = sessionCookieOf(res)!;
      expect(cookie).toBeTruthy();
      await res.body?.cancel();
      return cookie;
    }

    it("passcodeSendPerEmail: sends to one e-mail, its message", async () => {
      await tripsAndRecovers({
        policy: "passcodeSendPerEmail",
        prepare: atChannelStep,
        key: () => borrowerEmail.toLowerCase(),
        knock: (ip, cookie) => postForm("/forgot-password", { intent: "method", channel: "email" }, { ip, cookie }),
        refused: (res) => shows(res, TOO_MANY),
        viaDoor: 3,
      });
    });

    it("passcodeSendPerIp: sends from one address, its message", async () => {
      await tripsAndRecovers({
        policy: "passcodeSendPerIp",
        prepare: atChannelStep,
        key: (ip) => ip,
        knock: (ip, cookie) => postForm("/forgot-password", { intent: "method", channel: "email" }, { ip, cookie }),
        refused: (res) => shows(res, TOO_MANY),
        viaDoor: 3,
      });
    });

    it("passcodeCheckPerIp: passcode checks from one address, its message", async () => {
      await tripsAndRecovers({
        policy: "passcodeCheckPerIp",
        prepare: atChannelStep,
        key: (ip) => ip,
        knock: (ip, cookie) => postForm("/forgot-password", { intent: "code", code: "000000" }, { ip, cookie }),
        refused: (res) => shows(res, TOO_MANY),
        viaDoor: 3,
      });
    });
  });
});

describe("loginFailPerIp: wrong passwords from one address", { timeout: 120_000 }, () => {
  it("limits the address (in the network's words), refuses even the right password, and lets it sign in after the window", async () => {
    const { limit, windowMs } = rateLimitPolicies.loginFailPerIp;
    const b = await signedInBorrower("current");
    const ip = freshIp();
    // Unknown e-mails: the platform's own per-e-mail lock never speaks, only the per-IP count.
    const wrong = () => postForm("/login", { intent: "login", email: uniqueEmail(), password: "Wrong!pass1" }, { ip });
    const right = () => postForm("/login", { intent: "login", email: b.email, password: b.password }, { ip });
    for (let i = 0; i < limit - 2; i++) await rateLimit(env, "loginFailPerIp", ip);
    expect(await shows(await wrong(), loginMessages.invalidLogin)).toBe(true);
    // The last failure the limit allows already says the network must wait (not that the account is locked).
    const networkLimit = /Too many attempts from this network\. Please wait \d+ minutes? and try again\./;
    expect(await (await wrong()).text()).toMatch(networkLimit);
    const locked = await right();
    expect(sessionCookieOf(locked), "the right password was tried while locked").toBeNull();
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await locked.text()).toMatch(networkLimit);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * windowMs + 1_000);
    const after = await right();
    expect(after.status).toBe(302);
    expect(sessionCookieOf(after)).not.toBeNull();
  });
});
