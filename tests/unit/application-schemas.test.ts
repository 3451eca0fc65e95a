import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { abaChecksumValid, fieldErrors } from "#domain/application/fields";
import { noBusinessStates } from "#domain/config";
import { addressMessages, addressSchema, noBusinessNote } from "../../app/routes/apply/address.schema";
import { bankingMessages, bankingSchema } from "../../app/routes/apply/banking.schema";
import { incomeMessages, incomeSchema } from "../../app/routes/apply/income.schema";
import {
  nextPayDate,
  payDatesMismatch,
  payFrequencyMessages,
  payFrequencySchema,
} from "../../app/routes/apply/payfrequency.schema";
import { personalMessages, personalSchema } from "../../app/routes/apply/personal.schema";

/**
 * Parse and return either the output or the first message per field. A key set
 * to undefined is dropped, as an empty radio group or unchecked box is absent
 * from a form post.
 */
function run<S extends v.GenericSchema>(schema: S, input: Record<string, unknown>) {
  const present = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const result = v.safeParse(schema, present);
  return result.success
    ? { ok: true as const, output: result.output as v.InferOutput<S>, errors: {} as Record<string, string> }
    : { ok: false as const, output: undefined, errors: fieldErrors(result.issues) };
}

const TODAY = "2026-11-21";

describe("personal step", () => {
  const schema = personalSchema(TODAY);
  const valid = {
    firstName: "Jane",
    lastName: "Doe",
    birthdate: "05/17/1990",
    ssn: "123-45-6789",
    email: "Jane.Doe@Example.COM",
    confirmEmail: "jane.doe@example.com",
  };
  const errorsFor = (patch: Record<string, unknown>) => run(schema, { ...valid, ...patch }).errors;

  it("uses the spec's exact messages", () => {
    expect(personalMessages.firstName).toBe("Please enter your first name");
    expect(personalMessages.lastName).toBe("Please enter your last name");
    expect(personalMessages.ssn).toBe("Please enter your 9-digit social security number");
    expect(personalMessages.emailsMatch).toBe("Email addresses must match");
    expect(personalMessages.birthdate).toBe("Please enter your birthdate. You must be at least 18 to apply.");
    expect(personalMessages.birthYear).toBe("Year must be greater than or equal to 1900.");
  });

  it("accepts a valid applicant and normalises ssn, email and birthdate", () => {
    const r = run(schema, valid);
    expect(r.errors).toEqual({});
    expect(r.output).toEqual({
      firstName: "Jane",
      lastName: "Doe",
      birthdate: "1990-05-17",
      ssn: "123456789",
      email: "jane.doe@example.com",
      confirmEmail: "jane.doe@example.com",
    });
  });

  it("accepts an ISO birthdate from the picker", () => {
    expect(run(schema, { ...valid, birthdate: "1990-05-17" }).output?.birthdate).toBe("1990-05-17");
  });

  it("requires first and last name", () => {
    expect(errorsFor({ firstName: "", lastName: "  " })).toEqual({
      firstName: personalMessages.firstName,
      lastName: personalMessages.lastName,
    });
  });

  it("gives the spec messages when fields are absent from the post", () => {
    expect(run(schema, {}).errors).toEqual({
      firstName: personalMessages.firstName,
      lastName: personalMessages.lastName,
      birthdate: personalMessages.birthdate,
      ssn: personalMessages.ssn,
      email: personalMessages.email,
      confirmEmail: personalMessages.confirmEmail,
    });
  });

  it.each(["Jane2", "J@ne", "Jane!", "Jane.", "-Jane", "'Jane", "Jane_", "😀"])("rejects the name %j", (name) => {
    expect(errorsFor({ firstName: name, lastName: name })).toEqual({
      firstName: personalMessages.firstName,
      lastName: personalMessages.lastName,
    });
  });

  it.each(["Mary-Jane", "O'Brien", "De La Cruz", "José", "Nuñez", "Zoë", "Łukasz", "Nguyễn"])(
    "accepts the name %j",
    (name) => {
      expect(run(schema, { ...valid, firstName: name, lastName: name }).ok).toBe(true);
    },
  );

  it("keeps one spelling of a name: a phone's curly apostrophe is the apostrophe, accents composed", () => {
    const typed = { ...valid, firstName: "Jose\u0301", lastName: "O\u2019Brien" };
    const result = v.safeParse(schema, typed);
    expect(result.success && [result.output.firstName, result.output.lastName]).toEqual(["José", "O'Brien"]);
  });

  it.each([
    "000-45-6789",
    "666-45-6789",
    "900-45-6789",
    "999-45-6789",
    "123-00-6789",
    "123-45-0000",
    "000456789",
    "123-45-678",
    "12345678",
    "1234567890",
    "123.45.6789",
    "",
    "abc-de-fghi",
  ])("rejects the SSN %j", (ssn) => {
    expect(errorsFor({ ssn })).toEqual({ ssn: "Please enter your 9-digit social security number" });
  });

  // Without JavaScript no mask puts the dashes in: nine digits typed any usual way are the SSN.
  it.each(["123456789", "123 45 6789", "123-456-789", " 123-45-6789 "])("accepts the SSN %j as 123456789", (ssn) => {
    const result = v.safeParse(schema, { ...valid, ssn });
    expect(result.success && result.output.ssn).toBe("123456789");
  });

  it.each(["a.example.com", "a@example", "a@", "@example.com", ""])("rejects the email %j", (email) => {
    expect(errorsFor({ email }).email).toBe(personalMessages.email);
  });

  it("rejects a malformed confirm email with its own message", () => {
    expect(errorsFor({ confirmEmail: "jane.doe@example" })).toEqual({ confirmEmail: personalMessages.confirmEmail });
    expect(personalMessages.confirmEmail).toBe("Please confirm your email address in this format: name@example.com");
  });

  it("requires both emails to match (case-insensitively) on confirmEmail", () => {
    expect(errorsFor({ confirmEmail: "john@example.com" })).toEqual({ confirmEmail: "Email addresses must match" });
    expect(run(schema, { ...valid, confirmEmail: "JANE.DOE@EXAMPLE.COM" }).ok).toBe(true);
  });

  it.each([
    ["5/17/1990", "1990-05-17"],
    ["05/7/1990", "1990-05-07"],
    [" 5/7/1990 ", "1990-05-07"],
  ])("accepts the birthdate %j typed without leading zeros", (birthdate, iso) => {
    expect(run(schema, { ...valid, birthdate }).output?.birthdate).toBe(iso);
  });

  it.each(["", "05/17/90", "5/17/199", "02/30/1990", "13/01/1990", "1990-02-30", "not a date"])(
    "rejects the birthdate %j",
    (birthdate) => {
      expect(errorsFor({ birthdate })).toEqual({ birthdate: personalMessages.birthdate });
    },
  );

  it("refuses a 17-year-old whose birthday is tomorrow", () => {
    expect(errorsFor({ birthdate: "11/22/2008" })).toEqual({ birthdate: personalMessages.birthdate });
  });

  it("accepts someone turning 18 today", () => {
    expect(run(schema, { ...valid, birthdate: "11/21/2008" }).output?.birthdate).toBe("2008-11-21");
  });

  it("refuses a year before 1900 with the year message", () => {
    expect(errorsFor({ birthdate: "12/31/1899" })).toEqual({
      birthdate: "Year must be greater than or equal to 1900.",
    });
    expect(run(schema, { ...valid, birthdate: "01/01/1900" }).ok).toBe(true);
  });
});

describe("address step", () => {
  const valid = {
    streetAddress: "12 Elm St",
    apt: "",
    city: "Columbus",
    state: "OH",
    zip: "43004",
    mainPhone: "614-555-0100",
    mainIsCell: "on",
    cellPhone: "614-555-0199",
  };
  const errorsFor = (patch: Record<string, unknown>) => run(addressSchema, { ...valid, ...patch }).errors;

  it("accepts a valid address; main-is-cell clears the cell phone; phones become digits", () => {
    expect(run(addressSchema, valid).output).toEqual({
      ...valid,
      mainPhone: "6145550100",
      mainIsCell: true,
      cellPhone: "",
    });
  });

  it("keeps a separate cell phone as digits when main is not a cell", () => {
    const r = run(addressSchema, { ...valid, mainIsCell: undefined });
    expect(r.output).toMatchObject({ mainIsCell: false, cellPhone: "6145550199" });
  });

  it("requires street, city, state, zip and main phone, even when absent from the post", () => {
    expect(run(addressSchema, {}).errors).toEqual({
      streetAddress: "Please enter your street address",
      city: "Please enter your city",
      state: "Please select your state",
      zip: "Please enter your 5-digit zip code",
      mainPhone: "Please enter your 10-digit main phone number",
    });
  });

  it.each(["0", "Select", "", "ZZ", "oh"])("refuses the state %j as unselected", (state) => {
    expect(errorsFor({ state })).toEqual({ state: addressMessages.state });
  });

  it.each([...noBusinessStates])("refuses the no-business state %s", (state) => {
    expect(errorsFor({ state })).toEqual({ state: addressMessages.noBusinessState });
  });

  it("states the no-business message verbatim and accepts OH and TX", () => {
    expect(addressMessages.noBusinessState).toBe("We do not currently offer lines of credit in your state.");
    for (const state of ["OH", "TX"]) expect(run(addressSchema, { ...valid, state }).output?.state).toBe(state);
  });

  it.each(["4300", "430041", "4300a", "abcde", ""])("refuses the zip %j", (zip) => {
    expect(errorsFor({ zip })).toEqual({ zip: addressMessages.zip });
  });

  it.each([
    "6145550100",
    "614.555.0100",
    "(614) 555-0100",
    "614 555 0100",
    "1-614-555-0100",
    "+1 614 555 0100",
    "+1 (614) 555-0100",
  ])("accepts the main phone %j as people type it", (mainPhone) => {
    expect(run(addressSchema, { ...valid, mainPhone }).output?.mainPhone).toBe("6145550100");
  });

  it.each(["614-555-010", "614-555-01000", "2-614-555-0100", "+2 614 555 0100", "614-555-O100", "614/555/0100", ""])(
    "refuses the main phone %j",
    (mainPhone) => {
      expect(errorsFor({ mainPhone })).toEqual({ mainPhone: addressMessages.mainPhone });
    },
  );

  it("makes the cell phone optional when main is not a cell, but complete when given", () => {
    expect(run(addressSchema, { ...valid, mainIsCell: undefined, cellPhone: "" }).output?.cellPhone).toBe("");
    expect(run(addressSchema, { ...valid, mainIsCell: undefined, cellPhone: undefined }).ok).toBe(true);
    expect(errorsFor({ mainIsCell: undefined, cellPhone: "614-555" })).toEqual({
      cellPhone: "Please enter your 10-digit cell phone number",
    });
    expect(run(addressSchema, { ...valid, mainIsCell: "on", cellPhone: "614-555" }).ok).toBe(true);
  });

  it("names the no-business states in the legal note", () => {
    const note = noBusinessNote();
    expect(note).toContain("Washington");
    expect(note).toContain("New York");
    expect(note).toContain("District of Columbia");
    expect(note).not.toContain("Ohio");
    expect(note).toMatch(/^We do not currently do business in Alaska, .* or Wyoming\. /);
  });
});

describe("income step", () => {
  const employed = {
    source: "P",
    employerName: "Acme Co",
    workPhone: "614-555-0100",
    paymentMethod: "D",
    takeHomePay: "1250.00",
  };
  const errorsFor = (patch: Record<string, unknown>) => run(incomeSchema, { ...employed, ...patch }).errors;

  it("uses the spec's exact messages", () => {
    expect(incomeMessages.takeHomePay).toBe("Please enter the dollar amount of your take-home pay");
    expect(incomeMessages.workPhone).toBe("Please enter your 10-digit work phone number");
  });

  it("accepts employment and normalises phone and pay", () => {
    const output = {
      source: "P",
      secondarySource: "0",
      employerName: "Acme Co",
      workPhone: "6145550100",
      workPhoneExt: "",
      paymentMethod: "D",
      takeHomeCents: 125_000,
    };
    expect(run(incomeSchema, employed).output).toEqual(output);
  });

  it.each([undefined, "0", "Select", "X"])("refuses the source %j (undefined = absent)", (source) => {
    expect(errorsFor({ source })).toEqual({ source: "Please select your main income source" });
  });

  it.each(["P", "O"])("requires employer name and work phone for source %s", (source) => {
    expect(errorsFor({ source, employerName: "  ", workPhone: "" })).toEqual({
      employerName: "Please enter your employer's name",
      workPhone: incomeMessages.workPhone,
    });
  });

  it("splits a work phone extension written as ###-###-#### x1234", () => {
    const r = run(incomeSchema, { ...employed, workPhone: "614-555-0100 x1234" });
    expect(r.errors).toEqual({});
    expect(r.output).toMatchObject({ workPhone: "6145550100", workPhoneExt: "1234" });
  });

  it("accepts a 17-character work phone with extension and no space", () => {
    expect(run(incomeSchema, { ...employed, workPhone: "614-555-0100x1234" }).output).toMatchObject({
      workPhone: "6145550100",
      workPhoneExt: "1234",
    });
  });

  it.each([
    ["6145550100", ""],
    ["(614) 555-0100", ""],
    ["+1 614.555.0100", ""],
    ["614-555-0100 ext 12", "12"],
    ["614-555-0100 ext. 12", "12"],
    ["1 614 555 0100 X 9", "9"],
  ])("accepts the work phone %j as people type it", (workPhone, ext) => {
    expect(run(incomeSchema, { ...employed, workPhone }).output).toMatchObject({
      workPhone: "6145550100",
      workPhoneExt: ext,
    });
  });

  it.each(["614-555-010", "614-555-0100 x12345", "614-555-0100 x1x2", "614-555-0100 y12"])(
    "refuses the work phone %j",
    (workPhone) => {
      expect(errorsFor({ workPhone })).toEqual({ workPhone: incomeMessages.workPhone });
    },
  );

  it.each(["OA", "G", "D", "OP", "ON"])("accepts Other with type %s and clears employer fields", (secondarySource) => {
    const r = run(incomeSchema, { ...employed, source: "W", secondarySource });
    expect(r.output).toMatchObject({ source: "W", secondarySource, employerName: "", workPhone: "", workPhoneExt: "" });
  });

  it.each([undefined, "0", "Select", "P"])("refuses Other with type %j", (secondarySource) => {
    expect(errorsFor({ source: "W", secondarySource, employerName: "", workPhone: "" })).toEqual({
      secondarySource: "Please select other income type",
    });
  });

  it.each([undefined, "0", "Select"])("requires how income is received (%j; undefined = absent)", (paymentMethod) => {
    expect(errorsFor({ paymentMethod })).toEqual({ paymentMethod: "Please select one of the options" });
  });

  it.each([
    ["1250.5", 125_050],
    ["1250.55", 125_055],
    ["0.01", 1],
    ["$12,345.67", 1_234_567],
    ["$2,000", 200_000],
    ["2,000.00", 200_000],
    ["1,250", 125_000],
    ["999,999.99", 99_999_999],
  ])("turns take-home pay %j into %i cents", (takeHomePay, cents) => {
    expect(run(incomeSchema, { ...employed, takeHomePay }).output?.takeHomeCents).toBe(cents);
  });

  it.each(["abc", "", "12.345", "0", "0.00", "-5", "-500", "1e3", "12,34", "1,2345", "$-5", "1000000", undefined])(
    "refuses take-home pay %j (undefined = absent)",
    (takeHomePay) => {
      expect(errorsFor({ takeHomePay })).toEqual({ takeHomePay: incomeMessages.takeHomePay });
    },
  );
});

describe("pay frequency step", () => {
  const schema = payFrequencySchema(TODAY);
  const valid = { interval: "W", lastPayDate: "11/20/2026", firstPayDate: "11/27/2026", secondPayDate: "12/04/2026" };
  const errorsFor = (patch: Record<string, unknown>) => run(schema, { ...valid, ...patch }).errors;

  it("uses the spec's exact messages", () => {
    expect(payFrequencyMessages.lastPayFuture).toBe(
      "Last pay date cannot be in the future. Please enter the most recent date you were paid.",
    );
    expect(payFrequencyMessages.firstPayPast).toBe(
      "Your 1st upcoming pay date must be in the future. Please enter your next pay date.",
    );
    expect(payFrequencyMessages.secondPayOrder).toBe(
      "Your 2nd upcoming pay date must be in the future, after your 1st upcoming pay date",
    );
  });

  it("accepts valid dates and outputs ISO", () => {
    expect(run(schema, valid).output).toEqual({
      interval: "W",
      lastPayDate: "2026-11-20",
      firstPayDate: "2026-11-27",
      secondPayDate: "2026-12-04",
    });
  });

  it.each([undefined, "0", "X"])("requires the interval (%j; undefined = absent)", (interval) => {
    expect(errorsFor({ interval })).toEqual({ interval: "Please select one of the options" });
  });

  it("requires each date with its own message", () => {
    expect(errorsFor({ lastPayDate: "", firstPayDate: "", secondPayDate: "" })).toEqual({
      lastPayDate: "Please enter the most recent date you were paid",
      firstPayDate: "Please enter your 1st upcoming pay date",
      secondPayDate: "Please enter your 2nd upcoming pay date",
    });
  });

  it("refuses a last pay date in the future or before 1900; today is fine", () => {
    expect(errorsFor({ lastPayDate: "11/22/2026" })).toEqual({ lastPayDate: payFrequencyMessages.lastPayFuture });
    expect(errorsFor({ lastPayDate: "12/31/1899" })).toEqual({ lastPayDate: payFrequencyMessages.lastPayDate });
    expect(run(schema, { ...valid, lastPayDate: "11/21/2026" }).ok).toBe(true);
  });

  it("refuses a first upcoming date in the past; today is accepted", () => {
    expect(errorsFor({ firstPayDate: "11/20/2026" })).toEqual({ firstPayDate: payFrequencyMessages.firstPayPast });
    expect(run(schema, { ...valid, firstPayDate: "11/21/2026" }).output?.firstPayDate).toBe("2026-11-21");
  });

  it.each(["11/27/2026", "11/26/2026"])("refuses a second date %j not after the first", (secondPayDate) => {
    expect(errorsFor({ secondPayDate })).toEqual({ secondPayDate: payFrequencyMessages.secondPayOrder });
  });

  it("fills the next pay date by 7, 14 or 31 days, none for twice monthly", () => {
    expect(nextPayDate("2026-11-13", "W")).toBe("2026-11-20");
    expect(nextPayDate("2026-11-13", "B")).toBe("2026-11-27");
    expect(nextPayDate("2026-11-13", "M")).toBe("2026-12-14");
    expect(nextPayDate("2026-11-13", "S")).toBeNull();
    expect(nextPayDate("", "W")).toBeNull();
  });

  it("flags a mismatch only when the gaps differ from the interval", () => {
    expect(payDatesMismatch("W", "2026-11-13", "2026-11-20", "2026-11-27")).toBe(false);
    expect(payDatesMismatch("W", "2026-11-13", "2026-11-20", "2026-11-28")).toBe(true);
    expect(payDatesMismatch("B", "2026-11-13", "2026-11-27", "2026-12-11")).toBe(false);
    expect(payDatesMismatch("B", "2026-11-13", "2026-11-20", "2026-12-04")).toBe(true);
    expect(payDatesMismatch("M", "2026-11-13", "2026-12-14", "2027-01-14")).toBe(false);
    expect(payDatesMismatch("M", "2026-11-13", "2026-12-13", "2027-01-13")).toBe(true);
    expect(payDatesMismatch("S", "2026-11-01", "2026-11-15", "2026-12-01")).toBe(false);
    expect(payDatesMismatch("S", "2026-11-13", "2026-11-14", "2027-05-01")).toBe(false);
  });
});

describe("banking step", () => {
  const valid = { repaymentMethod: "A", routing: "021000021", account: "123456789" };
  const errorsFor = (patch: Record<string, unknown>) => run(bankingSchema, { ...valid, ...patch }).errors;

  it("uses the spec's exact messages", () => {
    expect(bankingMessages.routing).toBe(
      "Please enter your bank's 9-digit ABA routing number. Only numbers are allowed",
    );
    expect(bankingMessages.account).toBe("Please enter your bank account number");
    expect(bankingMessages.repaymentMethod).toBe("Please select a payment method");
  });

  it("accepts a valid account (EFT, or paper check with a 15-digit account)", () => {
    expect(run(bankingSchema, valid).output).toEqual(valid);
    expect(run(bankingSchema, { ...valid, repaymentMethod: "K", account: "123456789012345" }).ok).toBe(true);
  });

  it.each(["021000022", "02100002", "0210000210", "02100002a", "", "021-000-021"])(
    "refuses the routing number %j",
    (routing) => {
      expect(errorsFor({ routing })).toEqual({ routing: bankingMessages.routing });
    },
  );

  it.each(["", "1234567890123456", "12345abc", "1234-5678", undefined])(
    "refuses the account number %j (undefined = absent)",
    (account) => {
      expect(errorsFor({ account })).toEqual({ account: "Please enter your bank account number" });
    },
  );

  it.each([undefined, "0", "X"])("requires a repayment method (%j; undefined = absent)", (repaymentMethod) => {
    expect(errorsFor({ repaymentMethod })).toEqual({ repaymentMethod: "Please select a payment method" });
  });

  it("checks the ABA checksum", () => {
    expect(abaChecksumValid("021000021")).toBe(true);
    expect(abaChecksumValid("011000015")).toBe(true);
    expect(abaChecksumValid("121000358")).toBe(true);
    expect(abaChecksumValid("123456789")).toBe(false);
    expect(abaChecksumValid("02100002")).toBe(false);
  });
});
