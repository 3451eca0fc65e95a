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
  test(`a lead whose decision call meets '${fault}' answers 503 error; the retry decides once`, async ({
    request,
    faults,
    platform,
  }) => {
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

for (const fault of ["answer500", "hang"] as const) {
  test(`the applicant's link, when reading the transaction meets '${fault}', shows the lead-post error page and works when followed again`, async ({
    page,
    request,
    faults,
  }) => {
    const res = await postSignedLead(request, demoLead());
    const lead = (await res.json()) as Answer;
    expect(lead.status).toBe("approved");

    await faults.arm("Underwriting/GetUWSTransactionInformation", fault);
    await page.goto(lead.redirectUrl!);
    await expect(page).toHaveURL(new RegExp(`/apply/leadpost\\?appid=${lead.applicationId}$`));
    await expect(page.getByText(`Application ID: ${lead.applicationId}`)).toBeVisible();

    // The failure was the platform's, not the applicant's: the link was given back.
    await faults.clear();
    await page.goto(lead.redirectUrl!);
    await expect(page).toHaveURL(/\/apply\/approved$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Congratulations, Jordan!/);
    // And it is used up now.
    await page.goto(lead.redirectUrl!);
    await expect(page).toHaveURL(new RegExp(`/apply/leadpost\\?appid=${lead.applicationId}$`));
  });
}
