import { createServer, type Server } from "node:http";
import { listenLocally } from "./local-server";

/**
 * A local stand-in for the part of Twilio's REST API the product uses (POST
 * Messages.json and Calls.json): it checks the account's basic auth and the
 * parameters, answers as Twilio does (201 with a sid; 400 with Twilio's error
 * code; 401; 429), and can be told to fail, rate-limit or not answer, so the
 * real provider code runs over real HTTP.
 */
export type FakeMode = "ok" | "fail" | "rateLimit" | "hang";

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every request accepted or refused, with its form parameters. */
  requests: Array<{ resource: string; form: Record<string, string>; status: number; at: number }>;
  mode: FakeMode;
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake = {
    accountSid: "AC00000000000000000000000000000001",
    authToken: "fake-auth-token",
    requests: [],
    mode: "ok",
  } as unknown as FakeTwilio;
  let count = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const match = req.url?.match(/^\/2010-04-01\/Accounts\/(\w+)\/(Messages|Calls)\.json$/);
      const answer = (status: number, json: object) => {
        fake.requests.push({ resource: match?.[2] ?? req.url ?? "", form, status, at: Date.now() });
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(json));
      };
      if (fake.mode === "hang") return;
      const expected = `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString("base64")}`;
      if (req.method !== "POST" || !match)
        return answer(404, { code: 20404, message: "The requested resource was not found" });
      if (req.headers.authorization !== expected || match[1] !== fake.accountSid)
        return answer(401, { code: 20003, message: "Authenticate" });
      if (fake.mode === "rateLimit") return answer(429, { code: 20429, message: "Too Many Requests" });
      if (fake.mode === "fail") return answer(500, { code: 20500, message: "Internal Server Error" });
      if (!/^\+1\d{10}$/.test(form.To ?? "")) return answer(400, { code: 21211, message: "Invalid 'To' Phone Number" });
      if (!form.From || !form.StatusCallback)
        return answer(400, { code: 21603, message: "A 'From' phone number is required." });
      if (match[2] === "Messages" && !form.Body)
        return answer(400, { code: 21602, message: "Message body is required." });
      if (match[2] === "Calls" && !form.Twiml)
        return answer(400, { code: 21205, message: "Url parameter is required." });
      count += 1;
      answer(201, {
        sid: `${match[2] === "Messages" ? "SM" : "CA"}${String(count).padStart(32, "0")}`,
        status: "queued",
      });
    });
  });
  const listening = await listenLocally(server);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
}
