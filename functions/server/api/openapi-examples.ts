import { addDays } from "#domain/calendar";

/**
 * The OpenAPI document's examples (issue 21): a lead underwriting approves
 * (its pay dates around `today`, so it is valid the day the document is
 * read), and each answer as the endpoints send it. tests/unit/openapi-lint
 * parses every example with the schemas the endpoints use.
 */
export function leadExample(today: string) {
  return {
    partnerLeadId: "lead-123",
    personal: {
      firstName: "Jordan",
      lastName: "Rivera",
      birthdate: "05/17/1990",
      ssn: "123-45-6789",
      email: "jordan.rivera@example.com",
    },
    address: {
      streetAddress: "12 Elm Street",
      apt: "",
      city: "Columbus",
      state: "OH",
      zip: "43004",
      mainPhone: "614-555-0142",
      mainIsCell: true,
    },
    income: {
      source: "P",
      employerName: "Acme Tools",
      workPhone: "614-555-0199",
      paymentMethod: "D",
      takeHomePay: "1500.00",
    },
    payFrequency: {
      interval: "B",
      lastPayDate: addDays(today, -3),
      firstPayDate: addDays(today, 11),
      secondPayDate: addDays(today, 25),
    },
    banking: { repaymentMethod: "A", routing: "021000021", account: "123456789" },
  };
}

export const answerExamples = (origin: string) => ({
  approved: {
    summary: "Approved",
    value: { status: "approved", applicationId: 12345678, redirectUrl: `${origin}/apply/approved?ID=Qm9vayBvbmNl` },
  },
  repeatUsed: {
    summary: "A repeat whose link was used",
    value: { status: "approved", applicationId: 12345678, linkStatus: "used" },
  },
  denied: { summary: "Denied (or already a customer)", value: { status: "denied", applicationId: 12345679 } },
  sandbox: {
    summary: "A sandbox (test) partner's approval",
    value: { status: "approved", redirectUrl: `${origin}/partners/sandbox` },
  },
});

export const refusalExamples = {
  invalidFields: {
    summary: "Invalid fields",
    value: {
      error: "The lead has invalid fields.",
      code: "invalid_fields",
      fields: { "income.takeHomePay": "Send text (a JSON string) here, not 1500." },
    },
  },
  reused: {
    summary: "A lead id used for another applicant",
    value: {
      error:
        "This partnerLeadId was already used for a different applicant. Post each applicant with a partnerLeadId of its own.",
      code: "lead_id_reused",
    },
  },
  signature: {
    summary: "A wrong signature",
    value: { error: "The signature does not match.", code: "signature_mismatch" },
  },
};

export const statusExample = {
  partnerLeadId: "lead-123",
  status: "approved",
  decidedAt: "2026-11-27T15:04:05.000Z",
  link: "used",
  esignedAt: "2026-11-27T15:20:11.000Z",
  firstDraw: { amountCents: 20000, fundingDate: "2026-11-30", funded: true },
  withdrawnAt: null,
  adverseActionNotice: null,
  milestonesKnown: true,
};

export const postbackExample = {
  postbackId: "0b5e6d0e-7f5a-4c1e-9a3b-2d9c8f1e4a77",
  milestone: "funded",
  occurredAt: "2026-11-30",
  lead: statusExample,
};
