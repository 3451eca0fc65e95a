/**
 * `npm run postback-receiver [-- PORT]`: a partner's postback receiver for
 * trying postbacks locally (docs/operations.md, "Postbacks"). It prints each
 * postback and whether its signature holds under the demo partner's secret
 * (PARTNER_SECRET_DEMO from .dev.vars), checked with node's own HMAC as a
 * partner's code would, and answers 204.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { devVar, ensureDevVars } from "./run";

ensureDevVars();
const secret = devVar("PARTNER_SECRET_DEMO");
const port = Number(process.argv[2] ?? 8788);

function signatureHolds(timestamp: string, body: string, signature: string): boolean {
  const expected = createHmac("sha256", secret ?? "")
    .update(`${timestamp}.${body}`)
    .digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(expected, given);
}

createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const timestamp = String(req.headers["x-timestamp"] ?? "");
    const holds = signatureHolds(timestamp, body, String(req.headers["x-signature"] ?? ""));
    const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
    console.log(
      `${req.method} ${req.url} ${req.headers["x-postback-id"]} signature ${holds ? "holds" : "DOES NOT HOLD"}${fresh ? "" : " (timestamp not within 5 minutes)"}`,
    );
    console.log(body);
    res.writeHead(holds ? 204 : 401).end();
  });
}).listen(port, "127.0.0.1", () => console.log(`Listening for postbacks on http://127.0.0.1:${port}/postbacks`));
