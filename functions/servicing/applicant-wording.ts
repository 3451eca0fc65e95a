import { address, brand, compliance, creditLine, states } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";
import { email, type TemplatedMessage } from "./templates";

/**
 * The words of the notices an applicant is owed (decision record 033 cites each source):
 * - the adverse-action notice follows Regulation B's model forms C-1 to C-5 (§1002.9(a)(2)): the
 *   statement of principal reasons, the ECOA notice of §1002.9(b)(1), and where a consumer report
 *   was used, FCRA §615(a)'s agency and rights (form C-1's last part);
 * - the reminders to e-sign and the word that an approval lapsed are service messages.
 */

/** Why an application was declined, as the decision names it. */
export type DenialReason = "under_age" | "no_business_state" | "low_income" | "existing_line";

const stateName = (code: string) => states.find((s) => s.code === code)?.name ?? code;

/** Each principal reason in plain words (form C-1's "Principal reason(s) for credit denial"). */
export function reasonWords(reason: DenialReason, applicantState: string): string {
  switch (reason) {
    case "under_age":
      return `You do not meet our minimum age of ${creditLine.minApplicantAge} to open a line of credit.`;
    case "no_business_state":
      return `We do not offer lines of credit in ${stateName(applicantState)}, the state of your address.`;
    case "low_income":
      return `Your income is below our minimum of ${formatMoney(creditLine.minMonthlyIncomeCents)} a month.`;
    case "existing_line":
      return "You already have an account with us: please log in to it instead of applying again.";
  }
}

/** The creditor as the notice names it: the lender, and where to write to it. */
export const creditorLines = [`${brand.lender}, serviced by ${brand.legalName}`, ...address.lines];

/** Regulation B §1002.9(b)(1): the ECOA notice, word for word as the model forms give it. */
export const ecoaNotice = [
  "NOTICE: The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided the applicant has the capacity to enter into a binding contract); because all or part of the applicant's income derives from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers compliance with this law concerning this creditor is:",
  compliance.ecoaAgency.join(", "),
].join("\n");

/** FCRA §615(a), as model form C-1 says it: the agency, and the applicant's rights to their report. */
export function consumerReportNotice(): string {
  const agency = compliance.consumerReportingAgency;
  return [
    "Our credit decision was based in whole or in part on information obtained in a report from the consumer reporting agency listed below. You have a right under the Fair Credit Reporting Act to know the information contained in your credit file at the consumer reporting agency. The reporting agency played no part in our decision and is unable to supply specific reasons why we have denied credit to you. You also have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice. In addition, if you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.",
    `${agency.name}, ${agency.address.join(", ")}, ${formatPhone(agency.phone)}`,
  ].join("\n");
}

type Applicant = { id: string; firstName: string; email: string };

/** The adverse-action notice (§1002.9(a)(1)(i): within 30 days; this product sends it within the minute). */
export function adverseActionMessage(
  to: Applicant,
  notice: { reasons: DenialReason[]; state: string; consumerReport: boolean },
): TemplatedMessage {
  const parts = [
    `thank you for applying for a ${brand.name} line of credit. We are sorry, but we cannot approve your application at this time.`,
    `Principal reason(s) for our decision:\n${notice.reasons.map((r) => `- ${reasonWords(r, notice.state)}`).join("\n")}`,
    ...(notice.consumerReport ? [consumerReportNotice()] : []),
    ecoaNotice,
    `Creditor:\n${creditorLines.join("\n")}`,
  ];
  return email("adverseAction", to, `About your ${brand.name} application`, parts.join("\n\n"));
}

/** A reminder to e-sign: where to go, never a link that signs anyone in by itself. */
export function esignReminderMessage(
  to: Applicant,
  reminder: { limitCents: number; lapsesOn: string; last: boolean; loginUrl: string },
): TemplatedMessage {
  const when = `Your approval is open until ${formatDate(reminder.lapsesOn)}.`;
  return email(
    reminder.last ? "esignLastReminder" : "esignReminder",
    to,
    reminder.last ? "Your approval ends tomorrow" : "Your line of credit is waiting for your signature",
    `you were approved for a ${brand.name} line of credit of ${formatMoney(reminder.limitCents)}, and it is waiting for your signature. ${when} To review and sign your agreement, log in at ${reminder.loginUrl}. If you no longer want the line, you do not need to do anything.`,
  );
}

/** The word that an approval lapsed unsigned: what happened, and the way back. */
export function approvalLapsedMessage(
  to: Applicant,
  lapsed: { limitCents: number; applyUrl: string },
): TemplatedMessage {
  return email(
    "approvalLapsed",
    to,
    "Your approval has ended",
    `your approval for a ${brand.name} line of credit of ${formatMoney(lapsed.limitCents)} was not signed within ${compliance.approvalValidDays} days, so it has ended and no line was opened. Nothing is owed. You are welcome to apply again at ${lapsed.applyUrl}.`,
  );
}
