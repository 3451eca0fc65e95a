/**
 * `npm run postback-receiver [-- PORT]`: a partner's postback receiver for
 * trying postbacks locally (docs/operations.md, "Postbacks"). It prints each
 * postback and which demo partner's secret its signature holds under (DEMO
 * or the sandbox's DEMO_TEST, from .dev.vars), checked with node's own HMAC
 * as a partner's code would, and answers 204 (401 when neither holds).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { devVar, ensureDevVars } from "./run";

ensureDevVars();
const partners = ["DEMO", "DEMO_TEST"].map((id) => ({ id, secret: devVar(`PARTNER_SECRET_${id}`) }));
const port = Number(process.argv[2] ?? 8788);

/** The demo partner whose secret signed it, or null. */
function signedBy(timestamp: string, body: string, signature: string): string | null {
  const given = Buffer.from(signature, "hex");
  for (const { id, secret } of partners) {
    const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
    if (given.length === expected.length && timingSafeEqual(expected, given)) return id;
  }
  return null;
}

createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const timestamp = String(req.headers["x-timestamp"] ?? "");
    const partner = signedBy(timestamp, body, String(req.headers["x-signature"] ?? ""));
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
    const verdict = partner ? `signature holds (${partner})` : "signature DOES NOT HOLD";
    console.log(
      `${req.method} ${req.url} ${req.headers["x-postback-id"]} ${verdict}${fresh ? "" : " (timestamp not within 5 minutes)"}`,
    );
    console.log(body);
    res.writeHead(partner ? 204 : 401).end();
  });
}).listen(port, "127.0.0.1", () => console.log(`Listening for postbacks on http://127.0.0.1:${port}/postbacks`));
