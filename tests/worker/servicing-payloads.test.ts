import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMBEDDED_MERCHANT_ID } from "#platform";
import { servicingApp } from "../../functions/servicing/app";

async function merchantToken(): Promise<string> {
  const res = await servicingApp.request(
    `/Token/CreateMerchantToken?merchantId=${EMBEDDED_MERCHANT_ID}`,
    { method: "POST" },
    env,
  );
  return ((await res.json()) as { token: { writtenToken: string } }).token.writtenToken;
}

async function count(table: string): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
}

describe("every embedded endpoint validates its payload: 400 naming the field, nothing written", () => {
  it("ProcessApplication with missing and malformed fields", async () => {
    const before = await count("applications");
    const res = await servicingApp.request(
      "/Account/ProcessApplication",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${await merchantToken()}`, "Content-Type": "application/json" },
        body: JSON.stringify({ TransactionInfo: { ExtTransactionID: "nope" } }),
      },
      env,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(body.fields).toHaveProperty(["TransactionInfo.ExtTransactionID"]);
    expect(
      Object.keys(body.fields).some(
        (f) => f.startsWith("ExtTransactionData") || f === "TransactionInfo.RequestIPAddress",
      ),
    ).toBe(true);
    expect(await count("applications")).toBe(before);
  });

  it("malformed JSON is a 400, not a 500", async () => {
    const res = await servicingApp.request(
      "/Auth/Login",
      {
        method: "POST",
        headers: { Authorization: `Bearer ${await merchantToken()}`, "Content-Type": "application/json" },
        body: "{not json",
      },
      env,
    );
    expect(res.status).toBe(400);
  });

  it("ContactUs without an e-mail", async () => {
    const before = await count("contact_messages");
    const res = await servicingApp.request(
      "/ContactUs/ContactUs",
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          messageCategory: "x",
          messageBody: "y",
          firstName: "A",
          lastName: "B",
          contactPhone: "",
        }),
      },
      env,
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty("contactEmail");
    expect(await count("contact_messages")).toBe(before);
  });

  it("calls without a token are 401; unknown calls are 404", async () => {
    expect((await servicingApp.request("/Account/GetSummary", { method: "POST", body: "{}" }, env)).status).toBe(401);
    expect((await servicingApp.request("/Account/Nothing", { method: "POST" }, env)).status).toBe(404);
  });
});
