import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "#domain/application/fields";
import { categoryLabel, contactMessages, contactSchema } from "../../app/routes/contact.schema";

const valid = {
  firstName: "Casey",
  lastName: "Morgan",
  email: " Casey@Example.com ",
  phone: "",
  messageCategory: "payments",
  message: "  When is my payment due?  ",
};

function errors(input: Record<string, string>) {
  const result = v.safeParse(contactSchema, input);
  return result.success ? {} : fieldErrors(result.issues);
}

describe("the contact form's schema (browser and action alike)", () => {
  it("accepts a guest's message and normalises it", () => {
    const out = v.parse(contactSchema, valid);
    expect(out).toEqual({ ...valid, email: "casey@example.com", message: "When is my payment due?" });
    expect(categoryLabel(out.messageCategory)).toBe("Payments");
  });

  it("takes an optional phone as ten digits", () => {
    expect(v.parse(contactSchema, { ...valid, phone: "614-555-1001" }).phone).toBe("6145551001");
    expect(errors({ ...valid, phone: "614-555" })).toEqual({ phone: contactMessages.phone });
    expect(errors({ ...valid, phone: "call me" })).toEqual({ phone: contactMessages.phone });
  });

  it("names every missing field with its own message", () => {
    expect(errors({})).toEqual({
      firstName: contactMessages.firstName,
      lastName: contactMessages.lastName,
      email: contactMessages.email,
      messageCategory: contactMessages.messageCategory,
      message: contactMessages.message,
    });
  });

  it("refuses a malformed e-mail, the Select placeholder, a blank or too long message", () => {
    expect(errors({ ...valid, email: "casey@" })).toEqual({ email: contactMessages.email });
    expect(errors({ ...valid, messageCategory: "0" })).toEqual({ messageCategory: contactMessages.messageCategory });
    expect(errors({ ...valid, message: "   " })).toEqual({ message: contactMessages.message });
    expect(errors({ ...valid, message: "x".repeat(2_001) })).toEqual({ message: contactMessages.messageTooLong });
  });
});
