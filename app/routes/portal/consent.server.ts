import type { RouterContextProvider } from "react-router";
import * as v from "valibot";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { consentMessages, withdrawConsentSchema } from "./consent.schema";
import { borrowerSession, portalPlatform } from "./portal.server";

/** The borrower's consent to electronic records, as recorded; null when the platform cannot say just now. */
export async function electronicConsent(context: Readonly<RouterContextProvider>) {
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  try {
    const answer = await platform.call(catalogue.records.GetElectronicConsent, {});
    await persist();
    return { events: answer.events, withdrawn: answer.withdrawn };
  } catch (error) {
    if (error instanceof PlatformError) return null;
    throw error;
  }
}

export type WithdrawResult =
  | { result: "withdrawn"; message: string }
  | { result: "invalid"; errors: { understood: string } }
  | { result: "failed"; message: string };

const WITHDRAWN = {
  closed: consentMessages.withdrawnClosed,
  closing: consentMessages.withdrawnClosing,
  unchanged: consentMessages.withdrawnUnchanged,
} as const;

/** WITHDRAW CONSENT: re-checked, then recorded by the platform with the device it came from. */
export async function withdrawConsent(
  context: Readonly<RouterContextProvider>,
  request: Request,
  form: FormData,
): Promise<WithdrawResult> {
  const checked = v.safeParse(withdrawConsentSchema, { understood: form.get("understood") ?? "" });
  if (!checked.success) return { result: "invalid", errors: { understood: consentMessages.understood } };
  const { ip } = clientInfo(request);
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  try {
    const answer = await platform.call(catalogue.records.WithdrawElectronicConsent, {
      ipAddress: ip,
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 512),
    });
    await persist();
    return { result: "withdrawn", message: WITHDRAWN[answer.line] };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { result: "failed", message: consentMessages.failed };
  }
}
