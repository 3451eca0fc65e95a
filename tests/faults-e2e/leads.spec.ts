import { demoLead, postSignedLead } from "../e2e/fixtures/leads";
import { expect, test } from "./fixtures/faults";

/**
 * A partner's lead with the platform failing under it (decision record 010):
 * the partner gets a retryable error (503, Retry-After), and a retry of the
 * same lead id decides once, whether the first call never arrived, hung, or
 * arrived and lost its answer (the platform knows the application by its
 * ExtTransactionID, so it is not made twice).
 */

type Answer = { status: string; applicationId?: number; redirectUrl?: string };

for (const fault of ["answer500", "hang", "lostAnswer"] as const) {
  test(`a lead whose decision call meets '${fault}' answers 503 error; the retry decides once`, async ({ request, faults, platform }) => {
    const lead = demoLead();
    await faults.arm("Account/ProcessApplication", fault);
    const failed = await postSignedLead(request, lead);
    expect(failed.status()).toBe(503);
    expect(Number(failed.headers()["retry-after"])).toBeGreaterThan(0);
    expect(((await failed.json()) as Answer).status).toBe("error");
    // Only a call that reached the platform left an application behind.
    expect((await platform.records(lead.personal.email)).applications).toBe(fault === "lostAnswer" ? 1 : 0);

    await faults.clear();
    const retried = await postSignedLead(request, lead);
    expect(retried.status()).toBe(200);
    const answer = (await retried.json()) as Answer;
    expect(answer.status).toBe("approved");
    expect(answer.redirectUrl).toMatch(/\/apply\/approved\?ID=/);
    expect((await platform.records(lead.personal.email)).applications).toBe(1);
  });
}
