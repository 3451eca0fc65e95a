import type { RouterContextProvider } from "react-router";
import { moneyInputCents } from "#domain/rules/money-input";
import { fixedPaymentProblem, type PayoffProjection } from "#domain/rules/payoff-warning";
import { catalogue, PlatformError } from "#platform";
import { sessionOver } from "../../lib/session-over.server";
import { borrowerSession, portalPlatform } from "./portal.server";

type Context = Readonly<RouterContextProvider>;

/** The payments page's minimum-payment warning: the projection, the fixed payment as typed, and its message. */
export interface PayoffWarningData {
  /** Null: the platform could not answer just now (the rest of the page still works). */
  projection: PayoffProjection | null;
  /** The `payment` query parameter as typed, shown back in its field. */
  paymentText: string;
  error: string | null;
}

const { GetPayoffProjection } = catalogue.account;

/**
 * The warning for `?payment=` (a GET form, so it works without JavaScript; an amount is no personal
 * data). Text that is no amount, or below the smallest payment, is refused here by the field's own
 * schema; one above the statement's balance is refused by the platform, which alone knows that
 * balance before the first answer, with the same schema's message. Either way the minimum-only
 * warning still shows, with the message beside the field.
 */
export async function payoffWarning(context: Context, paymentText: string): Promise<PayoffWarningData> {
  const { platform, persist } = portalPlatform(context, borrowerSession(context));
  const typed = paymentText.trim();
  // The maximum is the platform's to check here: the page does not know the statement's balance yet.
  const earlyProblem = typed ? fixedPaymentProblem(typed, Number.MAX_SAFE_INTEGER) : null;
  const cents = typed && !earlyProblem ? moneyInputCents(typed) : null;
  try {
    const ask = (fixedPaymentCents?: number) => platform.call(GetPayoffProjection, { fixedPaymentCents });
    const answer = await ask(cents ?? undefined).then(
      (a) => ({ projection: a.projection, error: earlyProblem }),
      async (error: unknown) => {
        const message = error instanceof PlatformError ? error.fields.fixedPaymentCents : undefined;
        if (!message) throw error;
        return { projection: (await ask()).projection, error: message };
      },
    );
    await persist();
    return { ...answer, paymentText };
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
    if (error instanceof PlatformError) return { projection: null, paymentText, error: null };
    throw error;
  }
}
