import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import * as catalogue from "#domain/catalogue/index";
import { leadSchema } from "#domain/leads/schema";
import { EMAIL_PATTERN, emailAddress } from "#domain/rules/email";
import { openApiDocument } from "#server/api/openapi";
import { emailSchema, identityLookupSchema, loginSchema } from "../../app/routes/access.schema";
import { personalSchema } from "../../app/routes/apply/personal.schema";
import { contactSchema } from "../../app/routes/contact.schema";
import { preferencesSchema } from "../../app/routes/portal/preferences.schema";
import { applicationPayload } from "../contract/applicants";
import { demoLead } from "../e2e/fixtures/lead-data";

/**
 * One e-mail rule (functions/domain/rules/email.ts): every place that takes an
 * address accepts exactly the same ones, with the same stored form. Each
 * door is parsed as a whole (the rest of its form valid), so a door that
 * wraps the rule in anything stricter or looser fails here.
 */

const TODAY = new Date().toISOString().slice(0, 10);

type Door = (typed: string) => string | null;

function door<S extends v.GenericSchema>(
  schema: S,
  input: (typed: string) => unknown,
  pick: (output: v.InferOutput<S>) => string,
): Door {
  return (typed) => {
    const result = v.safeParse(schema, input(typed));
    return result.success ? pick(result.output) : null;
  };
}

const personal = { firstName: "Jane", lastName: "O'Brien", birthdate: "05/17/1990", ssn: "123-45-6789" };
const preferences = {
  emailMarketing: "yes",
  callMarketing: "yes",
  mainPhone: "614-555-1000",
  mainIsCell: "on",
  cellPhone: "",
  currentPassword: "Demo!pass1",
};
const contact = { firstName: "Jane", lastName: "Doe", phone: "", messageCategory: "other", message: "Hello" };
const { account, applications, auth, misc } = catalogue;

/** Every door an e-mail address goes through, site, partner API and platform. */
const doors: Record<string, Door> = {
  "apply: personal step": door(
    personalSchema(TODAY),
    (email) => ({ ...personal, email, confirmEmail: email }),
    (o) => o.email,
  ),
  "login, create and forgot password: e-mail step": door(
    emailSchema,
    (email) => ({ email }),
    (o) => o.email,
  ),
  "login: password step": door(
    loginSchema,
    (email) => ({ email, password: "x" }),
    (o) => o.email,
  ),
  "reset password: link request": door(
    identityLookupSchema(TODAY),
    (email) => ({ email, last4: "1234", birthdate: "05/17/1990" }),
    (o) => o.email,
  ),
  contact: door(
    contactSchema,
    (email) => ({ ...contact, email }),
    (o) => o.email,
  ),
  preferences: door(
    preferencesSchema("someone.else@example.com"),
    (email) => ({ ...preferences, email }),
    (o) => o.custEmail,
  ),
  "partner lead API": door(
    leadSchema(TODAY),
    (email) => {
      const lead = demoLead();
      return { ...lead, personal: { ...lead.personal, email } };
    },
    (o) => o.personal.email,
  ),
  "platform: ProcessApplication": door(
    applications.ProcessApplication.payload,
    (email) => applicationPayload({ email }),
    (o) => o.ExtTransactionData.Customer.CustEmail,
  ),
  "platform: Login": door(
    auth.Login.payload,
    (userName) => ({ userName, password: "x" }),
    (o) => o.userName,
  ),
  "platform: ValidateEmail": door(
    auth.ValidateEmail.payload,
    (emailAddress) => ({ emailAddress }),
    (o) => o.emailAddress,
  ),
  "platform: UpdateProfile": door(
    account.UpdateProfile.payload,
    (custEmail) => ({ custEmail }),
    (o) => o.custEmail ?? "",
  ),
  "platform: ContactUs": door(
    misc.ContactUs.payload,
    (contactEmail) => ({
      contactEmail,
      messageCategory: "other",
      messageBody: "Hi",
      firstName: "Jane",
      lastName: "Doe",
      contactPhone: "",
    }),
    (o) => o.contactEmail,
  ),
};

/**
 * The rule written out a second time, without the pattern, from its
 * description: what every door must answer (null: refused).
 */
const ATEXT = new Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-");
const LDH = new Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-");
const isLabel = (label: string) =>
  label.length >= 1 &&
  label.length <= 63 &&
  [...label].every((ch) => LDH.has(ch)) &&
  !label.startsWith("-") &&
  !label.endsWith("-");
const isTopLabel = (label: string) =>
  isLabel(label) && (/^[A-Za-z]{2,}$/.test(label) || (label.toLowerCase().startsWith("xn--") && label.length >= 5));

function reference(typed: string): string | null {
  const address = typed.trim();
  if (address.length === 0 || address.length > 254) return null;
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split(".");
  if (at < 1 || local.length > 64) return null;
  if (local.split(".").some((run) => run === "" || [...run].some((ch) => !ATEXT.has(ch)))) return null;
  if (labels.length < 2 || !labels.slice(0, -1).every(isLabel) || !isTopLabel(labels.at(-1)!)) return null;
  return address.toLowerCase();
}

const pieces = (pool: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...pool), { maxLength }).map((parts) => parts.join(""));
const letters = [..."abcxyzABCXYZ"];
const localPool = [
  ...letters,
  ..."0189",
  ".",
  ".",
  "'",
  "+",
  "_",
  "%",
  "-",
  "!",
  "#",
  "~",
  "`",
  "{",
  "|",
  " ",
  "\t",
  "@",
  '"',
  "(",
  ",",
  ";",
  "\\",
  "é",
  "Ü",
  "ß",
  "中",
  "😀",
  "\u00a0",
  "\u200b",
];
const domainPool = [...letters, ..."0189", "-", ".", ".", "_", " ", "é", "xn--", "com", "co", "uk", "Example"];
const pad = fc.constantFrom("", " ", "  ", "\t", "\n", "\u00a0");

/** Addresses near the rule's edges: apostrophes, plus signs, dots, unicode, spaces, case, long parts. */
const addresses = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(pad, pieces(localPool, 12), pieces(domainPool, 8), pad)
      .map(([a, local, domain, b]) => `${a}${local}@${domain}${b}`),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(pieces(localPool, 80), fc.array(pieces(domainPool, 70), { minLength: 1, maxLength: 6 }))
      .map(([local, labels]) => `${local}@${labels.join(".")}`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z0-9'+._%-]{1,70}$/),
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,70}$/), { minLength: 1, maxLength: 5 }),
        fc.constantFrom("com", "io", "xn--p1ai", "c", "COM"),
      )
      .map(([local, labels, top]) => `${local}@${labels.join(".")}.${top}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
);

describe("one e-mail rule for the site, the partner API and the platform", () => {
  it("every door accepts what the rule accepts, refuses what it refuses, and stores the same lower-cased address", () => {
    fc.assert(
      fc.property(addresses, (typed) => {
        const expected = reference(typed);
        for (const [name, accepts] of Object.entries(doors)) expect([name, accepts(typed)]).toEqual([name, expected]);
      }),
      { numRuns: 600 },
    );
  });

  it("accepts the addresses people have", () => {
    for (const address of [
      "o'brien@example.com",
      "O'Brien@Example.COM",
      "first.last+tag@mail.example.co.uk",
      "a_b%c-d@x-y.example.org",
      "x@example.xn--p1ai",
      "1@2.io",
      `${"a".repeat(64)}@example.com`,
    ]) {
      for (const [name, accepts] of Object.entries(doors))
        expect([name, address, accepts(address)]).toEqual([name, address, address.toLowerCase()]);
    }
  });

  it("refuses what no mailbox we can write to has", () => {
    const refused = [
      "casey",
      "casey@example",
      "casey @example.com",
      "@example.com",
      "casey@",
      ".casey@example.com",
      "casey.@example.com",
      "ca..sey@example.com",
      "casey@example..com",
      "casey@-example.com",
      "casey@example-.com",
      "casey@example.c",
      "casey@example.123",
      "casey@[192.0.2.1]",
      '"casey"@example.com',
      "josé@example.com",
      "casey@exämple.com",
      "a@b@example.com",
      `${"a".repeat(65)}@example.com`,
      `a@${"b".repeat(64)}.com`,
      `a@${`${"b".repeat(60)}.`.repeat(5)}com`,
    ];
    for (const address of refused) {
      expect(reference(address), address).toBeNull();
      for (const [name, accepts] of Object.entries(doors))
        expect([name, address, accepts(address)]).toEqual([name, address, null]);
    }
  });

  it("one message per form: the spec's, whatever is wrong with the address", () => {
    const issues =
      v.safeParse(
        emailAddress("Please enter your email address in this format: name@example.com"),
        "o'brien@@example.com",
      ).issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      "Please enter your email address in this format: name@example.com",
    ]);
  });

  it("the partner API's contract states the rule as the e-mail's pattern", () => {
    const lead = openApiDocument(TODAY, "https://ridgeline.test").components.schemas.Lead as {
      properties: { personal: { properties: { email: { pattern?: string; maxLength?: number } } } };
    };
    expect(lead.properties.personal.properties.email).toMatchObject({ pattern: EMAIL_PATTERN.source, maxLength: 254 });
  });
});
