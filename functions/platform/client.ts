import * as v from "valibot";
import type { Answer, CallDef, Payload } from "#domain/catalogue/define";
import { CreateMerchantToken } from "#domain/catalogue/token";
import { fieldErrors } from "#domain/field-errors";
import { PlatformError, type PlatformErrorBody } from "./errors";
import type { Transport } from "./transport";

/**
 * Where the platform token lives between calls: the server-side session
 * record (never the browser). Every answer's tokenToUse replaces it.
 */
export interface TokenHolder {
  get(): string | null;
  set(token: string): void;
}

export function memoryTokenHolder(initial: string | null = null): TokenHolder & { readonly changed: boolean } {
  let token = initial;
  let changed = false;
  return {
    get: () => token,
    set(next) {
      changed ||= next !== token;
      token = next;
    },
    get changed() {
      return changed;
    },
  };
}

function queryOf(payload: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, value]) => [k, String(value)]),
  );
}

/** The one typed way pages, actions and API handlers reach the platform. */
export class PlatformClient {
  constructor(
    private readonly transport: Transport,
    readonly tokens: TokenHolder,
    private readonly merchantId: string,
  ) {}

  async call<D extends CallDef>(
    def: D,
    payload: Payload<D>,
    options: { idempotencyKey?: string; clientRegion?: string } = {},
  ): Promise<Answer<D>> {
    // Check our own request first: a bad payload is our bug, not the platform's.
    const checked = v.safeParse(def.payload, payload);
    if (!checked.success) {
      const fields = fieldErrors(checked.issues, "(payload)");
      throw new PlatformError("rejected", def.path, `invalid payload (${Object.keys(fields).join(", ")})`, 400, fields);
    }
    if (def.idempotent && !options.idempotencyKey)
      throw new PlatformError("rejected", def.path, "an Idempotency-Key is required", 400);
    if (def.auth !== "none" && !this.tokens.get()) await this.ensureMerchantToken();

    const { status, body } = await this.transport({
      method: def.method,
      path: def.path,
      query: def.payloadIn === "query" ? queryOf(checked.output) : undefined,
      body: def.payloadIn === "body" ? checked.output : undefined,
      token: def.auth === "none" ? null : this.tokens.get(),
      idempotencyKey: options.idempotencyKey,
      clientRegion: options.clientRegion,
    });
    const error = body as Partial<PlatformErrorBody> | null;
    // A refusal may carry the token the platform rotated on the way in (a 403 too: the token was accepted, the
    // request was not): kept, or the next call would present a dying one. A 401's token was not accepted.
    if (status >= 400 && status !== 401 && typeof error?.tokenToUse === "string" && error.tokenToUse)
      this.tokens.set(error.tokenToUse);
    if (status === 401 || status === 403)
      throw new PlatformError("unauthorized", def.path, error?.error ?? "not authorized", status);
    if (status >= 500) throw new PlatformError("unavailable", def.path, error?.error ?? `status ${status}`, status);
    if (status >= 400)
      throw new PlatformError("rejected", def.path, error?.error ?? `status ${status}`, status, error?.fields ?? {});

    const answer = v.safeParse(def.answer, body);
    if (!answer.success) throw new PlatformError("invalid_answer", def.path, v.summarize(answer.issues), status);
    const rotated = (answer.output as { tokenToUse?: string }).tokenToUse;
    if (rotated) this.tokens.set(rotated);
    return answer.output as Answer<D>;
  }

  /** Anonymous calls use a merchant-level token, created on first need. */
  async ensureMerchantToken(): Promise<string> {
    const existing = this.tokens.get();
    if (existing) return existing;
    const answer = await this.call(CreateMerchantToken, { merchantId: this.merchantId });
    this.tokens.set(answer.token.writtenToken);
    return answer.token.writtenToken;
  }
}
