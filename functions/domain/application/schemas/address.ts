import * as v from "valibot";
import { noBusinessStates, states } from "../../config";
import { phoneDigits } from "../../rules/phone";
import { phone, required, requiredText } from "../fields";

/** Spec file 1, section 5 (Address): every message verbatim. */
export const addressMessages = {
  streetAddress: "Please enter your street address",
  city: "Please enter your city",
  state: "Please select your state",
  noBusinessState: "We do not currently offer lines of credit in your state.",
  zip: "Please enter your 5-digit zip code",
  mainPhone: "Please enter your 10-digit main phone number",
  cellPhone: "Please enter your 10-digit cell phone number",
} as const;

/** The legal note under the state selector, naming the states from configuration. */
export function noBusinessNote(): string {
  const names = states.filter((s) => noBusinessStates.includes(s.code)).map((s) => s.name);
  return `We do not currently do business in ${names.slice(0, -1).join(", ")} or ${names.at(-1)}. Lines of credit are not available to residents of these states.`;
}

const stateCodes = states.map((s) => s.code);

/**
 * The address step, with what a missing mainIsCell means: the wizard's form
 * leaves an unticked checkbox out of the post, so there missing is false; a
 * partner's JSON lead leaves it out when it has nothing to say, and spec
 * file 1, section 3 gives it "default true".
 */
function addressStep(mainIsCellWhenMissing: "" | true) {
  return v.pipe(
    v.object({
      streetAddress: required(requiredText(addressMessages.streetAddress, 100)),
      apt: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(30)), ""),
      city: required(requiredText(addressMessages.city, 60)),
      state: required(
        v.pipe(
          v.picklist(stateCodes, addressMessages.state),
          v.check((code) => !noBusinessStates.includes(code), addressMessages.noBusinessState),
        ),
      ),
      zip: required(v.pipe(v.string(addressMessages.zip), v.trim(), v.regex(/^\d{5}$/, addressMessages.zip))),
      mainPhone: required(phone(addressMessages.mainPhone)),
      /** Checkbox: present (on) when the main phone is a cell phone; a JSON boolean from the partner API. */
      mainIsCell: v.optional(
        v.pipe(
          v.union([v.string(), v.boolean()]),
          v.transform((value) => value === true || value === "on" || value === "true"),
        ),
        mainIsCellWhenMissing,
      ),
      cellPhone: v.optional(v.pipe(v.string(), v.trim()), ""),
    }),
    // The separate cell phone is optional, but when given it must be complete.
    v.forward(
      v.partialCheck(
        [["mainIsCell"], ["cellPhone"]],
        (input) => input.mainIsCell || input.cellPhone === "" || phoneDigits(input.cellPhone) !== null,
        addressMessages.cellPhone,
      ),
      ["cellPhone"],
    ),
    v.transform((input) => ({ ...input, cellPhone: input.mainIsCell ? "" : (phoneDigits(input.cellPhone) ?? "") })),
  );
}

/** The wizard's address step (browser and server): an absent checkbox is unticked. */
export const addressSchema = addressStep("");

/** A partner lead's address (functions/domain/leads/schema.ts): mainIsCell defaults to true. */
export const leadAddressSchema = addressStep(true);

export type Address = v.InferOutput<typeof addressSchema>;
