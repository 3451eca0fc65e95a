import { address, brand, creditLine, emails, hours, phones, policyDates, smsStopKeywords } from "#domain/config";
import { formatDate, formatMoney, formatPhone } from "#domain/format";

/**
 * Documents are written with {{placeholders}} so that no business value is
 * typed twice: the seed (HTML documents) and the PDF notices fill them from
 * the configuration module.
 */
const sentence = (rows: ReadonlyArray<{ days: string; hours: string }>) =>
  rows.map((r) => `${r.days}, ${r.hours}`).join("; ");

const values: Record<string, string> = {
  "brand.name": brand.name,
  "brand.legalName": brand.legalName,
  "brand.lender": brand.lender,
  "brand.partnerBank": brand.partnerBank,
  "brand.servicer": brand.servicer,
  "phones.customerService": formatPhone(phones.customerService),
  "phones.contact": formatPhone(phones.contact),
  "phones.accountSpecialist": formatPhone(phones.accountSpecialist),
  address: address.lines.join(", "),
  "emails.customerService": emails.customerService,
  "emails.privacy": emails.privacy,
  "emails.ombudsman": emails.ombudsman,
  "emails.latePayments": emails.latePayments,
  "hours.customerService": sentence(hours.customerService),
  "hours.privacyRequests": sentence(hours.privacyRequests),
  "policyDates.privacyPolicy": policyDates.privacyPolicy,
  "policyDates.caPrivacyPolicy": policyDates.caPrivacyPolicy,
  "policyDates.termsUpdated": formatDate(policyDates.termsUpdated),
  "creditLine.max": formatMoney(creditLine.maxLimitCents),
  "creditLine.newMin": formatMoney(creditLine.newCustomerMinLimitCents),
  "creditLine.newMax": formatMoney(creditLine.newCustomerMaxLimitCents),
  smsStopKeywords: smsStopKeywords.join(", "),
  year: String(brand.copyrightYear),
};

/** Fills every {{name}}; an unknown name is an authoring error, so it throws. */
export function fillPlaceholders(text: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unknown document placeholder: ${name}`);
    return value;
  });
}

/** `<!-- title: X -->` on the first line of a document file. */
export function documentTitle(text: string): string | null {
  return text.match(/^<!--\s*title:\s*(.+?)\s*-->/)?.[1] ?? null;
}
