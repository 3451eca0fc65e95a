import { createServer } from "node:http";
import { listenLocally } from "./local-server";

/**
 * A local stand-in for Resend's POST /emails: it checks the bearer key and
 * the fields, answers as Resend does (200 with an id; 401, 422, 429 with its
 * error names), keeps Idempotency-Key (the same key answers the first id and
 * sends nothing new), and can be told to fail, rate-limit or not answer. It
 * keeps the e-mail's own `headers` as sent (a marketing e-mail's List-Unsubscribe).
 */
export interface FakeResend {
  url: string;
  apiKey: string;
  /** Every e-mail accepted (a repeat of an idempotency key is not a second one). */
  sent: Array<{ id: string; key: string; body: Record<string, unknown> }>;
  mode: "ok" | "fail" | "rateLimit" | "hang";
  close(): Promise<void>;
}

const stringRecord = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === "string");

export async function startFakeResend(): Promise<FakeResend> {
  const fake = { apiKey: "re_fake_key", sent: [], mode: "ok" } as unknown as FakeResend;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const answer = (status: number, json: object) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
      if (fake.mode === "hang") return;
      if (req.method !== "POST" || req.url !== "/emails") return answer(404, { name: "not_found" });
      if (req.headers.authorization !== `Bearer ${fake.apiKey}`) return answer(401, { name: "missing_api_key" });
      if (fake.mode === "rateLimit") return answer(429, { name: "rate_limit_exceeded" });
      if (fake.mode === "fail") return answer(500, { name: "internal_server_error" });
      const body = JSON.parse(raw || "{}") as {
        from?: string;
        to?: string[];
        subject?: string;
        html?: string;
        text?: string;
        headers?: unknown;
      };
      if (!body.from || !body.to?.length || !body.subject || !(body.html || body.text))
        return answer(422, { name: "validation_error" });
      // Resend's `headers`: an object of header names to string values, nothing else.
      if (body.headers !== undefined && !stringRecord(body.headers)) return answer(422, { name: "validation_error" });
      const key = String(req.headers["idempotency-key"] ?? "");
      const earlier = key ? fake.sent.find((s) => s.key === key) : undefined;
      if (earlier) return answer(200, { id: earlier.id });
      const id = `re_${String(fake.sent.length + 1).padStart(8, "0")}`;
      fake.sent.push({ id, key, body });
      answer(200, { id });
    });
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
