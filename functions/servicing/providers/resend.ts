/**
 * E-mail through Resend's HTTP API with `fetch`: one POST /emails with the
 * HTML and plain-text parts of one template. The message's own id travels as
 * the Idempotency-Key, so a retry after a lost answer never sends it twice.
 */

export interface ResendSettings {
  apiKey: string;
  /** "Ridgeline Credit <notices@ridgelinecredit.example>" */
  from: string;
  /** https://api.resend.com in production; a local fake in tests. */
  baseUrl: string;
  timeoutMs: number;
}

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The message record's id: the same id is the same e-mail, however often it is sent. */
  idempotencyKey: string;
  /** Headers of the e-mail itself (Resend's `headers` field): a marketing e-mail's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A send Resend refused or did not answer; `retryable` says whether a later attempt may succeed. */
export class ResendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** Sends one e-mail; Resend's id for it, for the delivery and bounce events. */
export async function sendEmail(settings: ResendSettings, email: Email): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${settings.baseUrl}/emails`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        "Content-Type": "application/json",
        "Idempotency-Key": email.idempotencyKey,
      },
      body: JSON.stringify({
        from: settings.from,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.headers ? { headers: email.headers } : {}),
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    throw new ResendError(`Resend did not answer (${(error as Error).name})`, true, null);
  }
  const answer = (await response.json().catch(() => ({}))) as { id?: string; name?: string };
  if (response.status === 429 || response.status >= 500)
    throw new ResendError(`Resend answered ${response.status}`, true, response.status);
  if (!response.ok || !answer.id)
    throw new ResendError(`Resend refused the e-mail (${answer.name ?? response.status})`, false, response.status);
  return answer.id;
}
