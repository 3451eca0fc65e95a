import * as v from "valibot";
import { moneyInputSchema } from "#domain/rules/money-input";
import { deskFormKey, deskReason, FORM_EXPIRED } from "./payment.schema";

/** CHANGE LIMIT (decision record 023): the new limit as a person types money, and why. The core applies the rules. */
export const LimitSchema = v.object({
  limit: moneyInputSchema("Enter the new limit in dollars, like 1,250."),
  reason: deskReason("Give the reason for the new limit."),
  key: deskFormKey(FORM_EXPIRED),
});
