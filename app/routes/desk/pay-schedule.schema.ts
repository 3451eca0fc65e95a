import * as v from "valibot";
import { parseUsDate } from "#domain/application/fields";
import { payFrequencyCodes } from "#domain/application/schemas/payfrequency";
import { payScheduleMessages } from "#domain/rules/pay-schedule";
import { deskFormKey, deskReason, FORM_EXPIRED } from "./payment.schema";

/**
 * CHANGE PAY SCHEDULE (decision record 026): how often the borrower is paid
 * and their most recent pay date, as a person types a date, and why. The
 * core applies the rules (the line's standing, the most recent pay date).
 */
export const PayScheduleSchema = v.object({
  frequency: v.picklist(payFrequencyCodes, payScheduleMessages.frequency),
  lastPayDate: v.pipe(
    v.string(),
    v.trim(),
    v.check((text) => parseUsDate(text) !== null, payScheduleMessages.lastPayDate),
    v.transform((text) => parseUsDate(text)!),
  ),
  reason: deskReason("Give the reason for the new pay schedule."),
  key: deskFormKey(FORM_EXPIRED),
});
