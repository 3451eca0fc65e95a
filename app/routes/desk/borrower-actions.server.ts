import * as v from "valibot";
import { deskCore } from "#server/desk/core";
import type { DeskUser } from "#server/desk/identity";
import type { Env } from "#server/env";
import { AuthorizeAutopaySchema, RevokeAutopaySchema } from "./autopay.schema";
import { ClosureSchema } from "./closure.schema";
import { DecisionSchema, FeeWaiverSchema, PaymentReversalSchema } from "./corrections.schema";
import { LimitSchema } from "./limit.schema";
import { PayScheduleSchema } from "./pay-schedule.schema";
import {
  CancelPaymentSchema,
  PasscodeResendSchema,
  PhonePaymentSchema,
  ResetLinkSchema,
  UnlockSchema,
} from "./payment.schema";
import { NoteSchema } from "./search.schema";

/**
 * Each form of a borrower's file: its schema, and what it asks the core,
 * answered with where the file then opens (its query and the heading to land
 * on: post, redirect, get). A refusal of the core's is thrown on.
 */
interface Acting {
  env: Env;
  user: DeskUser;
  customerId: string;
}

type Step = (
  values: Record<string, string>,
  acting: Acting,
) => Promise<{ issues: v.BaseIssue<unknown>[] } | { to: string }>;

const step =
  <S extends v.GenericSchema>(schema: S, run: (acting: Acting, input: v.InferOutput<S>) => Promise<string>): Step =>
  async (values, acting) => {
    const parsed = v.safeParse(schema, values);
    return parsed.success ? { to: await run(acting, parsed.output) } : { issues: parsed.issues };
  };

const again = (replayed: boolean) => (replayed ? "&again=1" : "");

export const DESK_STEPS = {
  note: step(NoteSchema, async ({ env, user, customerId }, input) => {
    const { written } = await deskCore.addNote(env, user, { customerId, ...input });
    return `?noted=${written ? "1" : "again"}#notes-heading`;
  }),
  payment: step(PhonePaymentSchema, async ({ env, user, customerId }, { amount, date, reason, key }) => {
    const posted = await deskCore.takePayment(env, user, { customerId, amountCents: amount, date, reason, key });
    return `?taken=${posted.paymentTransactionId}${again(posted.replayed)}#pay-heading`;
  }),
  cancel: step(CancelPaymentSchema, async ({ env, user, customerId }, input) => {
    await deskCore.cancelPayment(env, user, { customerId, ...input });
    return `?cancelled=${input.transactionId}#cancel-heading`;
  }),
  unlock: step(UnlockSchema, async ({ env, user, customerId }, input) => {
    const { written } = await deskCore.unlockLogin(env, user, { customerId, ...input });
    return `?unlocked=${written ? "1" : "again"}#login-heading`;
  }),
  "reset-link": step(ResetLinkSchema, async ({ env, user, customerId }, input) => {
    const { sent } = await deskCore.sendResetLink(env, user, { customerId, ...input });
    return `?reset=${sent ? "1" : "again"}#login-heading`;
  }),
  passcode: step(PasscodeResendSchema, async ({ env, user, customerId }, input) => {
    const sent = await deskCore.resendPasscode(env, user, { customerId, ...input });
    const outcome = sent.status === "suppressed" ? "suppressed" : String(sent.resends);
    return `?passcode=${input.channel}-${outcome}${again(sent.replayed)}#passcode-heading`;
  }),
  waive: step(FeeWaiverSchema, async ({ env, user, customerId }, input) => {
    const made = await deskCore.requestCorrection(env, user, { customerId, kind: "waive fee", ...input });
    return `?requested=${made.requestId}${again(made.replayed)}#corrections-heading`;
  }),
  reverse: step(PaymentReversalSchema, async ({ env, user, customerId }, input) => {
    const made = await deskCore.requestCorrection(env, user, { customerId, kind: "reverse payment", ...input });
    return `?requested=${made.requestId}${again(made.replayed)}#corrections-heading`;
  }),
  decide: step(DecisionSchema, async ({ env, user }, input) => {
    const decided = await deskCore.decideRequest(env, user, input);
    return `?decided=${decided.status}#requests-heading`;
  }),
  limit: step(LimitSchema, async ({ env, user, customerId }, { limit, reason, key }) => {
    const changed = await deskCore.changeLimit(env, user, { customerId, limitCents: limit, reason, key });
    return `?limit=${changed.beforeCents}-${changed.afterCents}${again(changed.replayed)}#limit-heading`;
  }),
  schedule: step(PayScheduleSchema, async ({ env, user, customerId }, input) => {
    const changed = await deskCore.changePaySchedule(env, user, { customerId, ...input });
    return `?schedule=${changed.frequency}-${changed.firstDueDate ?? "none"}${again(changed.replayed)}#schedule-heading`;
  }),
  "revoke-autopay": step(RevokeAutopaySchema, async ({ env, user, customerId }, input) => {
    await deskCore.revokeAutopay(env, user, { customerId, ...input });
    return "?autopay=revoked#autopay-heading";
  }),
  "authorize-autopay": step(AuthorizeAutopaySchema, async ({ env, user, customerId }, { reason, key }) => {
    await deskCore.authorizeAutopay(env, user, { customerId, reason, key });
    return "?autopay=authorized#autopay-heading";
  }),
  "close-line": step(ClosureSchema, async ({ env, user, customerId }, input) => {
    const { outcome } = await deskCore.closeLine(env, user, { customerId, ...input });
    return `?closure=${outcome}#closure-heading`;
  }),
  "cancel-closure": step(ClosureSchema, async ({ env, user, customerId }, input) => {
    await deskCore.cancelClosure(env, user, { customerId, ...input });
    return "?closure=kept#closure-heading";
  }),
  "reopen-line": step(ClosureSchema, async ({ env, user, customerId }, input) => {
    await deskCore.reopenLine(env, user, { customerId, ...input });
    return "?closure=reopened#closure-heading";
  }),
} satisfies Record<string, Step>;

export type Intent = keyof typeof DESK_STEPS;
export const INTENTS = Object.keys(DESK_STEPS) as Intent[];

/** Every field a desk form of the file may send. */
export const FORM_FIELDS = [
  "note",
  "amount",
  "date",
  "reason",
  "authorized",
  "key",
  "transactionId",
  "entryId",
  "requestId",
  "decision",
  "limit",
  "frequency",
  "lastPayDate",
  "channel",
] as const;
