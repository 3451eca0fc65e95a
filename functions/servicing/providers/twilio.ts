/**
 * Texts and calls through Twilio's REST API with `fetch` (the official
 * `twilio` package does not run on Workers): Messages for a text, Calls with
 * inline TwiML for a spoken passcode. Each request names a status callback,
 * so Twilio reports delivery to us.
 */

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The number texts and calls come from, E.164. */
  from: string;
  /** https://api.twilio.com in production; a local fake in tests. */
  baseUrl: string;
  /** Where Twilio posts delivery reports for what we send. */
  statusCallback: string;
  timeoutMs: number;
}

/** A send Twilio refused or did not answer; `retryable` says whether a later attempt may succeed. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
    /** Twilio may have taken the message before it stopped answering: a retry might send it twice. */
    readonly ambiguous = false,
  ) {
    super(message);
  }
}

/** +1 and ten digits, as Twilio wants them, from the ten digits we keep. */
export const e164 = (tenDigits: string) => (tenDigits.startsWith("+") ? tenDigits : `+1${tenDigits}`);

/** Text made safe inside TwiML. */
export const xml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** The spoken passcode: read twice, one digit at a time (the commas make the pauses). */
export function spokenPasscodeTwiml(company: string, code: string): string {
  const digits = [...code].join(", ");
  const said = `Your ${company} passcode is ${digits}. Again, your passcode is ${digits}.`;
  return `<Response><Say>${xml(said)}</Say></Response>`;
}

async function post(settings: TwilioSettings, resource: "Messages" | "Calls", form: Record<string, string>) {
  const url = `${settings.baseUrl}/2010-04-01/Accounts/${settings.accountSid}/${resource}.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${btoa(`${settings.accountSid}:${settings.authToken}`)}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    // A connection refused never reached Twilio; a request that timed out may have (Messages has no idempotency key).
    const name = (error as Error).name;
    const timedOut = name === "TimeoutError" || name === "AbortError";
    throw new TwilioError(`Twilio did not answer (${name})`, true, null, timedOut);
  }
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
  // Too many requests and Twilio's own failures pass; a refusal of what we sent (a bad number) will not change.
  if (response.status === 429 || response.status >= 500)
    throw new TwilioError(`Twilio answered ${response.status}`, true, response.status);
  if (!response.ok || !answer.sid)
    throw new TwilioError(
      `Twilio refused the ${resource === "Messages" ? "text" : "call"} (${answer.code ?? response.status})`,
      false,
      response.status,
    );
  return answer.sid;
}

/** Sends a text; the provider's id (SM...) for the delivery reports. */
export function sendText(settings: TwilioSettings, to: string, body: string): Promise<string> {
  return post(settings, "Messages", {
    To: e164(to),
    From: settings.from,
    Body: body,
    StatusCallback: settings.statusCallback,
  });
}

/** Calls and reads the passcode; the provider's id (CA...) for the delivery reports. */
export function callWithPasscode(settings: TwilioSettings, to: string, company: string, code: string): Promise<string> {
  return post(settings, "Calls", {
    To: e164(to),
    From: settings.from,
    Twiml: spokenPasscodeTwiml(company, code),
    StatusCallback: settings.statusCallback,
  });
}
