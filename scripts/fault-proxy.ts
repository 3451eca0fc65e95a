/**
 * A fault-injecting HTTP proxy for a platform API: it forwards every call to
 * the platform, except the call paths a test has armed with a fault:
 *
 * - `answer500`: the call never reaches the platform; the site gets a 500.
 * - `hang`: the call never reaches the platform and is never answered, so the
 *   site's client timeout (PLATFORM_TIMEOUT_MS) fires.
 * - `lostAnswer`: the call reaches the platform, which acts on it, and then
 *   the site gets a 500 instead of the answer: what a retry must not repeat.
 * - `reply`: the call never reaches the platform; the site gets a 200 with the
 *   armed `body`: an answer the platform gives only at a time a test cannot
 *   wait for (an expired passcode, ten minutes on).
 *
 * The control endpoint lives only here, under /__faults (never forwarded):
 *   POST   /__faults  {"path":"Account/PostTransaction","fault":"lostAnswer","times":1}
 *   POST   /__faults  {"path":"Communications/VerifySMSOTP","fault":"reply","body":{"statusCode":"2","wrongAttempts":0}}
 *   GET    /__faults  -> the armed faults and how many calls each path got
 *   DELETE /__faults  -> disarms everything and resets the counts
 * `times` (optional) disarms a fault after that many calls; without it the
 * fault stays until DELETE.
 *
 *   FAULT_PROXY_PORT=8821 FAULT_PROXY_TARGET=http://localhost:8820 tsx scripts/fault-proxy.ts
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export const FAULTS = ["answer500", "hang", "lostAnswer", "reply"] as const;
export type Fault = (typeof FAULTS)[number];
export const CONTROL_PATH = "/__faults";

interface Armed {
  fault: Fault;
  /** What `reply` answers. */
  body?: unknown;
  /** Calls left before the fault disarms itself; Infinity until DELETE. */
  remaining: number;
}

/** Hop-by-hop and length headers: the forwarding fetch sets its own. */
const DROPPED_HEADERS = new Set([
  "host",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

function forwardedHeaders(headers: IncomingMessage["headers"]): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    out.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return out;
}

export function startFaultProxy({ port, target }: { port: number; target: string }): Promise<Server> {
  const armed = new Map<string, Armed>();
  const calls = new Map<string, number>();
  const hanging = new Set<ServerResponse>();

  /** The fault for this call, counting it against `times`. */
  function faultFor(path: string): Armed | null {
    const entry = armed.get(path);
    if (!entry) return null;
    entry.remaining -= 1;
    if (entry.remaining <= 0) armed.delete(path);
    return entry;
  }

  async function control(request: IncomingMessage, response: ServerResponse) {
    if (request.method === "GET") {
      return sendJson(response, 200, { armed: Object.fromEntries(armed), calls: Object.fromEntries(calls) });
    }
    if (request.method === "DELETE") {
      armed.clear();
      calls.clear();
      for (const held of hanging) held.destroy();
      hanging.clear();
      return sendJson(response, 200, { armed: {} });
    }
    if (request.method !== "POST") return sendJson(response, 405, { error: "GET, POST or DELETE" });
    const body = JSON.parse((await readBody(request)).toString() || "{}") as {
      path?: unknown;
      fault?: unknown;
      times?: unknown;
      body?: unknown;
    };
    const path = typeof body.path === "string" ? body.path.replace(/^\/+/, "") : "";
    const fault = FAULTS.find((f) => f === body.fault);
    const times = body.times === undefined ? Infinity : Number(body.times);
    const bodyMissing = fault === "reply" && (typeof body.body !== "object" || body.body === null);
    if (!path || !fault || !(times >= 1) || bodyMissing) {
      return sendJson(response, 400, {
        error: `Send {"path": "Account/GetSummary", "fault": one of ${FAULTS.join(", ")}, "times"?: n >= 1, "body": {...} with reply}.`,
      });
    }
    armed.set(path, { fault, remaining: times, body: body.body });
    return sendJson(response, 200, { armed: Object.fromEntries(armed) });
  }

  async function forward(request: IncomingMessage, body: Buffer): Promise<Response> {
    return fetch(new URL(request.url ?? "/", target), {
      method: request.method,
      headers: forwardedHeaders(request.headers),
      body: request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(body),
    });
  }

  async function relay(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://proxy.invalid");
    if (url.pathname === CONTROL_PATH) return control(request, response);
    const path = url.pathname.replace(/^\/+/, "");
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const body = await readBody(request);
    const entry = faultFor(path);
    const fault = entry?.fault ?? null;

    if (fault === "hang") {
      // Held open until the caller gives up (its timeout) or the faults are cleared.
      hanging.add(response);
      response.on("close", () => hanging.delete(response));
      return;
    }
    if (fault === "answer500") return sendJson(response, 500, { error: `Injected fault: answer500 on ${path}.` });
    if (fault === "reply") return sendJson(response, 200, entry!.body);

    const upstream = await forward(request, body);
    const answer = Buffer.from(await upstream.arrayBuffer());
    // The platform has acted on the call; the site never learns how it went.
    if (fault === "lostAnswer")
      return sendJson(response, 500, {
        error: `Injected fault: lostAnswer on ${path} (the platform answered ${upstream.status}).`,
      });
    const headers: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    response.writeHead(upstream.status, headers);
    response.end(answer);
  }

  const server = createServer((request, response) => {
    relay(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 502, {
          error: `fault proxy: ${error instanceof Error ? error.message : "forwarding failed"}`,
        });
      else response.destroy();
    });
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}

if (import.meta.main) {
  const port = Number(process.env.FAULT_PROXY_PORT ?? 8821);
  const target = process.env.FAULT_PROXY_TARGET ?? "http://localhost:8820";
  await startFaultProxy({ port, target });
  console.log(`fault proxy on http://localhost:${port} -> ${target} (control: ${CONTROL_PATH})`);
}
