import { brand, cashAdvanceFeeBps, creditLine, phones, servicing } from "#domain/config";
import { feeChartRows } from "#domain/fees";
import { formatEasternMoment, formatMoney, formatPercent, formatPhone } from "#domain/format";
import { esignDisclosureHtml } from "./esign-disclosure";

/**
 * The e-sign agreements, personalised with the customer's name, limit and
 * the fee chart (from the one fee table). Our own plain-language text.
 */
export interface AgreementParty {
  firstName: string;
  lastName: string;
  creditLimitCents: number;
  lineId: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function feeTable(): string {
  const rows = feeChartRows()
    .map(
      (r) =>
        `<tr><th scope="row">${formatMoney(r.fromCents, { cents: true })} - ${formatMoney(r.toCents, { cents: true })}</th><td>${formatMoney(r.shortCycleCents, { cents: true })}</td><td>${formatMoney(r.monthlyCents, { cents: true })}</td></tr>`,
    )
    .join("");
  return `<div class="table-scroll" role="region" tabindex="0" aria-label="Fee chart"><table><caption>Carried balance fee per statement</caption><thead><tr><th scope="col">Principal balance</th><th scope="col">Bi-weekly or semi-monthly cycle</th><th scope="col">Monthly cycle</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export const agreementTitles = {
  agrcredit: "Line of Credit Agreement",
  agrarbitration: "Arbitration Agreement",
  agreleconsent: "Consent to Electronic Records",
  agrprivacypolicy: "Privacy Policy",
  agrcalprivacyact: "California Privacy Act Notice",
} as const;

export type AgreementKind = keyof typeof agreementTitles;

export function agreementHtml(kind: AgreementKind, party: AgreementParty): string {
  const name = escapeHtml(`${party.firstName} ${party.lastName}`);
  const contact = formatPhone(phones.customerService);
  switch (kind) {
    case "agrcredit":
      return `<h2>Line of Credit Agreement</h2>
<p>Account ${party.lineId}. This agreement is between ${name} ("you") and ${brand.lender} ("we"). Your credit limit is ${formatMoney(party.creditLimitCents)}; lines of credit go up to ${formatMoney(creditLine.maxLimitCents)}.</p>
<h3>Draws and fees</h3>
<p>Each draw carries a cash advance fee of ${formatPercent(cashAdvanceFeeBps.biweekly)} (bi-weekly or semi-monthly pay) or ${formatPercent(cashAdvanceFeeBps.monthly)} (monthly pay), deducted from the amount deposited; the full draw amount is added to your balance.</p>
<p>Each statement adds a carried balance fee based on your principal balance:</p>
${feeTable()}
<h3>Payments</h3>
<p>Your minimum payment is the carried balance fee plus a share of your principal. Payments apply to the earliest due date first: fees first, then the rest of the required payment, then the remaining principal. You may pay more at any time, with no penalty.</p>
<h3>Changes to these terms</h3>
<p>We will tell you at least ${servicing.termsChangeNoticeDays} days before any change to these terms takes effect.</p>
<p>Questions: call ${contact}.</p>`;
    case "agrarbitration":
      return `<h2>Arbitration Agreement</h2>
<p>${name} and ${brand.lender} agree that any dispute about this line of credit will be resolved by individual binding arbitration, not in court, except small-claims matters. You may reject this agreement within 60 days of signing by calling ${contact}.</p>`;
    case "agreleconsent":
      // The same text for everyone: its version and hash are the consent record's (esign-disclosure.ts).
      return esignDisclosureHtml();
    case "agrprivacypolicy":
      return `<h2>Privacy Policy</h2><p>${name}, our privacy policy explains what we collect and share. Read it at <a href="/privacy-policy">/privacy-policy</a>.</p>`;
    case "agrcalprivacyact":
      return `<h2>California Privacy Act Notice</h2><p>${name}, California residents have rights under the California Consumer Privacy Act. See <a href="/caprivacy-policy">/caprivacy-policy</a>.</p>`;
  }
}

/** The signature block appended to each agreement as signed. */
/** When it was signed, as a borrower reads time (the stored instant stays ISO). */
export const signedAtText = formatEasternMoment;

function signatureBlock(name: string, signedAt: string, ip: string): string {
  return `<section class="signature-block"><h3>Electronic signature</h3><p>Signed by <strong>${escapeHtml(name)}</strong> on ${escapeHtml(signedAtText(signedAt))} from IP address ${escapeHtml(ip)}.</p></section>`;
}

/**
 * The rows of signed_documents for a signature: each agreement exactly as
 * shown, with the signature block, kept so the borrower can read what they
 * signed. FinishESign writes them; the demo seed writes them for its lines.
 */
export function signedAgreementRows(
  kinds: readonly AgreementKind[],
  party: AgreementParty,
  signature: { text: string; signedAt: string; ipAddress: string },
) {
  const at = Date.parse(signature.signedAt);
  return kinds.map((kind) => ({
    id: `${party.lineId}-${kind}`,
    lineId: party.lineId,
    kind,
    title: agreementTitles[kind],
    html: agreementHtml(kind, party) + signatureBlock(signature.text, signature.signedAt, signature.ipAddress),
    signedAt: at,
  }));
}
