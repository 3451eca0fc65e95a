import { address, brand, phones } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";
import { type PdfBlock, renderPdf } from "#domain/pdf";
import { coveredBy, type IssuedStatement, type LedgerEntry } from "./engine/index";
import { type NoticeSection, statementNoticesOf } from "./statement-notices";

const money = (cents: number) => formatMoney(cents, { cents: true });
/** Credits in parentheses, as on the portal's tables. */
const signed = (cents: number, credit: boolean) => (credit && cents > 0 ? `(${money(cents)})` : money(cents));

const LABELS: Record<LedgerEntry["kind"], string> = {
  draw: "Cash Advance",
  payment: "Payment - thank you",
  payment_return: "Returned Payment",
  carried_balance_fee: "Carried Balance Fee",
  reversal: "Reversal",
};

export interface StatementParty {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/** The rows a statement covers: recorded before it, and not covered by the one before it (decision record 013). */
export function statementActivity(
  entries: readonly LedgerEntry[],
  statements: readonly IssuedStatement[],
  statement: IssuedStatement,
): LedgerEntry[] {
  const earlier = statements.filter(
    (s) =>
      s.id !== statement.id &&
      (s.statementDate < statement.statementDate ||
        (s.statementDate === statement.statementDate && s.createdAt < statement.createdAt)),
  );
  const previous = earlier
    .sort((a, b) =>
      a.statementDate < b.statementDate ? -1 : a.statementDate > b.statementDate ? 1 : a.createdAt - b.createdAt,
    )
    .at(-1);
  return entries
    .filter((e) => coveredBy(e, statement) && (!previous || !coveredBy(e, previous)))
    .sort((a, b) =>
      a.effectiveDate < b.effectiveDate ? -1 : a.effectiveDate > b.effectiveDate ? 1 : a.postedAt - b.postedAt,
    );
}

/** `reversed`: the kind of row a reversal cancels (decision record 022: a fee credit, or a payment owed again). */
function activityLine(e: LedgerEntry, reversed: LedgerEntry["kind"] | undefined): string {
  const detail =
    e.kind === "draw" && e.feeCents
      ? ` (cash advance fee ${money(e.feeCents)} kept, ${money(e.amountCents - e.feeCents)} deposited)`
      : "";
  const label =
    e.kind === "payment" && e.origin === "automatic"
      ? "Automatic Payment - thank you"
      : e.kind === "reversal" && reversed === "carried_balance_fee"
        ? "Carried Balance Fee Credit"
        : e.kind === "reversal" && reversed === "payment"
          ? "Reversed Payment"
          : LABELS[e.kind];
  const credit = e.kind === "payment" || (e.kind === "reversal" && reversed !== "payment");
  return `${formatDate(e.effectiveDate)}   ${label}${detail}   ${signed(e.amountCents, credit)}`;
}

/** A figure line, left out for a statement issued before that figure was kept. */
const figure = (label: string, cents: number | null, credit = false): PdfBlock[] =>
  cents === null ? [] : [{ kind: "paragraph", text: `${label}: ${signed(cents, credit)}` }];

/** Who, which account, which period, when due. */
function heading(customer: StatementParty, line: { id: number }, statement: IssuedStatement): PdfBlock[] {
  const period = statement.periodStart
    ? `Statement period: ${formatDate(statement.periodStart)} to ${formatDate(statement.statementDate)}`
    : `Statement date: ${formatDate(statement.statementDate)}`;
  return [
    {
      kind: "paragraph",
      text: `${customer.firstName} ${customer.lastName}, ${customer.address1}, ${customer.city}, ${customer.state} ${customer.zip}`,
    },
    { kind: "paragraph", text: `Account ending ${String(line.id).slice(-4)}` },
    { kind: "paragraph", text: period },
    { kind: "paragraph", text: `Payment due date: ${formatDate(statement.dueDate)}` },
  ];
}

const noticeBlocks = (sections: readonly NoticeSection[]): PdfBlock[] =>
  sections.flatMap((section) => [
    { kind: "heading" as const, text: section.heading },
    ...section.paragraphs.map((text) => ({ kind: "paragraph" as const, text })),
  ]);

/**
 * A billing statement: its figures exactly as issued (never recomputed), and its cycle's activity, as a real PDF.
 * A statement issued with notices prints them as it stored them (statement-notices.ts): the warnings beside the
 * payment due, the billing rights at the end.
 */
export function statementPdf(
  customer: StatementParty,
  line: { id: number; creditLimitCents: number },
  book: { entries: readonly LedgerEntry[]; statements: readonly IssuedStatement[] },
  statement: IssuedStatement,
): Promise<Uint8Array<ArrayBuffer>> {
  const activity = statementActivity(book.entries, book.statements, statement);
  const notices = statementNoticesOf(statement);
  const kinds = new Map(book.entries.map((e) => [e.id, e.kind] as const));
  const total = statement.totalMinimumDueCents ?? statement.pastDueCents + statement.minimumDueCents;
  const blocks: PdfBlock[] = [
    ...heading(customer, line, statement),
    { kind: "heading", text: "Summary" },
    { kind: "paragraph", text: `Credit limit: ${money(line.creditLimitCents)}` },
    ...figure("Previous balance", statement.previousBalanceCents),
    ...figure("Draws", statement.drawsCents),
    ...figure("Payments", statement.paymentsCents, true),
    ...figure("Returned or reversed payments", statement.returnsCents),
    ...(statement.creditsCents ? figure("Fees waived or refunded", statement.creditsCents, true) : []),
    { kind: "paragraph", text: `Carried balance fee: ${money(statement.feeCents)}` },
    { kind: "paragraph", text: `New balance: ${money(statement.newBalanceCents)}` },
    { kind: "paragraph", text: `Principal balance: ${money(statement.principalCents)}` },
    { kind: "heading", text: "Payment due" },
    { kind: "paragraph", text: `Past due amount: ${money(statement.pastDueCents)}` },
    { kind: "paragraph", text: `Current minimum payment: ${money(statement.minimumDueCents)}` },
    { kind: "paragraph", text: `Total minimum due by ${formatDate(statement.dueDate)}: ${money(total)}` },
    ...noticeBlocks(notices.warnings),
    { kind: "heading", text: "Activity this period" },
    ...(activity.length === 0
      ? [{ kind: "paragraph" as const, text: "No activity this period." }]
      : activity.map((e) => ({ kind: "paragraph" as const, text: activityLine(e, kinds.get(e.reversesId ?? "")) }))),
    { kind: "heading", text: "How payments apply" },
    {
      kind: "paragraph",
      text: "Payments apply to the earliest due date first: the oldest statement's fee, then the rest of its minimum, then the next statement's; what remains lowers your principal. Paying more than the minimum never costs extra, and it lowers the fee and the minimum of your next statement.",
    },
    ...noticeBlocks(notices.rights),
    {
      kind: "paragraph",
      text: `Questions? Call ${formatPhone(phones.customerService)}. ${brand.legalName}, ${address.lines.join(", ")}.`,
    },
  ];
  return renderPdf(`${brand.name} Billing Statement`, blocks);
}

/** The statement's PDF as the catalogue answers it: base64, named by its date. */
export function statementPdfAnswer(bytes: Uint8Array, statement: { statementDate: string }) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return {
    fileName: `statement-${statement.statementDate}.pdf`,
    contentType: "application/pdf" as const,
    pdfBase64: btoa(binary),
  };
}
