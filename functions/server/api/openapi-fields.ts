import type { JsonSchema } from "@valibot/to-json-schema";

/**
 * What the lead schema's JSON Schema cannot say by itself (its checks and
 * transforms are code): each field's accepted forms, as 0-decisions.md
 * states them ("every input is accepted in the forms people type it"), with
 * an example. Keyed by the field's dotted path in the lead.
 */
const DATE =
  "A date as MM/DD/YYYY (one or two digits for month and day; dashes or dots for the slashes), MMDDYYYY, YYYY-MM-DD or YYYYMMDD.";
const PHONE =
  "A 10-digit US number, with or without dashes, dots, spaces or parentheses, and an optional leading 1 or +1.";

export const LEAD_FIELD_DOCS: Record<string, JsonSchema> = {
  "personal.birthdate": { description: `${DATE} The applicant is at least 18.`, examples: ["05/17/1990"] },
  "personal.ssn": {
    description: "The Social Security number: 9 digits, with or without dashes or spaces.",
    examples: ["123-45-6789"],
  },
  "personal.email": { format: "email", examples: ["jordan.rivera@example.com"] },
  "address.mainPhone": { description: PHONE, examples: ["614-555-0142"] },
  "address.cellPhone": { description: `${PHONE} Only when mainIsCell is false.`, examples: ["(614) 555-0143"] },
  "address.mainIsCell": {
    type: "boolean",
    default: true,
    description: "Whether mainPhone is a cell phone (texts go to it). Missing means true.",
  },
  "address.zip": { examples: ["43215"] },
  "income.workPhone": { description: PHONE, examples: ["614-555-0199"] },
  "income.takeHomePay": {
    description:
      'Take-home pay per paycheck in dollars, as typed: an optional $, thousands commas and up to two decimals ("$1,500.00"). A minus sign, an exponent or letters are refused.',
    examples: ["1500.00", "$1,500"],
  },
  "payFrequency.lastPayDate": { description: `${DATE} Not in the future.`, examples: ["2026-11-20"] },
  "payFrequency.firstPayDate": { description: `${DATE} Today or later.`, examples: ["2026-12-04"] },
  "payFrequency.secondPayDate": { description: `${DATE} After firstPayDate.`, examples: ["2026-12-18"] },
  "banking.routing": { description: "The bank's 9-digit ABA routing number.", examples: ["021000021"] },
  "banking.account": { description: "The account number: 1 to 15 digits.", examples: ["123456789"] },
};

/** The lead's JSON Schema with each documented field's forms and example merged in. */
export function withFieldDocs(lead: JsonSchema): JsonSchema {
  const patched = structuredClone(lead) as { properties: Record<string, { properties?: Record<string, JsonSchema> }> };
  for (const [path, docs] of Object.entries(LEAD_FIELD_DOCS)) {
    const [group, field] = path.split(".") as [string, string];
    const properties = patched.properties[group]?.properties;
    if (!properties?.[field]) throw new Error(`openapi-fields: the lead has no field ${path}`);
    const { anyOf: _either, ...rest } = properties[field] as JsonSchema & { anyOf?: unknown };
    properties[field] = docs.type ? { ...rest, ...docs } : { ...properties[field], ...docs };
  }
  return patched as JsonSchema;
}
