import { address, brand, compliance, phones } from "#domain/config";
import { formatPhone } from "#domain/format";
import { sha256Hex } from "#domain/tokens";

/**
 * The disclosure a borrower consents to before any record reaches them electronically (E-SIGN Act
 * §101(c)(1), decision record 033): what the consent covers (§101(c)(1)(B)(ii)), the right to paper
 * and how to get it, at what cost ((B)(i), (iv)), the right to withdraw and what follows ((B)(i),
 * (iii)), how to keep contact details current ((B)(iii)), and the hardware and software needed
 * ((C)(i)). The same text for every borrower, so its version and SHA-256 name exactly what was
 * agreed; a new text is a new `compliance.esignDisclosureVersion`.
 */
export function esignDisclosureHtml(): string {
  const phone = formatPhone(phones.customerService);
  return `<h2>Consent to Electronic Records</h2>
<p>Disclosure version ${compliance.esignDisclosureVersion}</p>
<p>${brand.name} is offered online only. To open a line of credit with us, you agree that we may give you electronically every record we must give you in writing: the agreements you sign, periodic statements, notices (including notices of changes to your terms, of payments and of decisions about your account) and disclosures. This consent covers your line of credit for as long as it exists, and every such record about it.</p>
<h3>How we give you records</h3>
<p>We post them in your account, under Documents, and e-mail you when one is ready, at the e-mail address you gave us.</p>
<h3>What you need</h3>
<p>A device with internet access and a current version of Chrome, Safari, Firefox or Edge; software that opens PDF files; an e-mail account you can read; and storage or a printer to keep copies. By consenting here, online, you show that you can open records in the form we use. If these requirements change so that you might not be able to open a record, we will tell you and ask for your consent again.</p>
<h3>Paper copies</h3>
<p>You may ask for a paper copy of any record at no charge: call ${phone}, or write to ${brand.legalName}, ${address.lines.join(", ")}.</p>
<h3>Withdrawing your consent</h3>
<p>You may withdraw this consent at any time, at no charge, in Preferences in your account or by calling ${phone}. Because this line of credit is offered online only, withdrawing your consent closes your line to new draws. You still owe what you have drawn, your payments stay as they are, and we send the records we must give you on paper, by mail.</p>
<h3>Keeping your contact details current</h3>
<p>Change your e-mail address in Preferences, or call us.</p>`;
}

/** The disclosure's version and SHA-256 (hex) of its exact text: what a consent record names. */
export async function esignDisclosureId(): Promise<{ version: string; sha256: string }> {
  return { version: compliance.esignDisclosureVersion, sha256: await sha256Hex(esignDisclosureHtml()) };
}
