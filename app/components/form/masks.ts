import { normaliseMoneyInput } from "#domain/rules/money-input";
import { maskName } from "#domain/rules/names";
import { maskPhone, maskWorkPhone, normalisePhone, normaliseWorkPhone } from "#domain/rules/phone";

/**
 * Input masks (spec file 1, sections 3 and 5): they shape what is typed, the
 * schemas decide what is valid. Each takes the raw value, returns the masked one.
 * Phones and money follow the one rule the server schemas use
 * (functions/domain/rules/phone.ts, money-input.ts).
 */
const digits = (text: string, max: number) => text.replace(/\D/g, "").slice(0, max);

export const masks = {
  /** ###-##-#### */
  ssn(text: string) {
    const d = digits(text, 9);
    return [d.slice(0, 3), d.slice(3, 5), d.slice(5)].filter(Boolean).join("-");
  },
  /** ###-###-####, a leading 1 or +1 kept in front until the field is left. */
  phone: maskPhone,
  /** ###-###-####x#### */
  workPhone: maskWorkPhone,
  /** m/d/yyyy or mm/dd/yyyy: typed slashes are kept, and one is inserted after two digits. */
  date: maskDate,
  /** Money is never reshaped while typed: what is not an amount gets the field's message. */
  money: (text: string) => text,
  digits9: (text: string) => digits(text, 9),
  digits15: (text: string) => digits(text, 15),
  zip: (text: string) => digits(text, 5),
  /** Letters of any alphabet, hyphen, space and apostrophe only (names; ’ becomes '). */
  name: maskName,
} as const;

export type MaskName = keyof typeof masks;

/**
 * The date mask walks the characters: month and day take one or two digits
 * (a typed slash, dash or dot ends them early, a third digit starts the next
 * part), the year four. So 1/5/1990 stays 1/5/1990, 1-5-1990 becomes
 * 1/5/1990 and 01051990 becomes 01/05/1990.
 */
function maskDate(text: string): string {
  // The year first (yyyy-mm-dd, spec file 1, section 3): its first two digits are no month.
  // It takes that shape as typed; the field shows it as mm/dd/yyyy once left.
  const typed = text.replace(/\D/g, "");
  if (typed.length >= 2 && Number(typed.slice(0, 2)) > 12 && !/^\d\D/.test(text)) {
    const d = typed.slice(0, 8);
    return [d.slice(0, 4), d.slice(4, 6), d.slice(6)].filter(Boolean).join("-");
  }
  const parts = [""];
  for (const char of text) {
    const index = parts.length - 1;
    const part = parts[index]!;
    if (char === "/" || char === "-" || char === ".") {
      if (part && index < 2) parts.push("");
    } else if (/\d/.test(char)) {
      if (index < 2 && part.length === 2) parts.push(char);
      else if (part.length < (index < 2 ? 2 : 4)) parts[index] = part + char;
    }
  }
  return parts.join("/");
}

/** What a field shows once left: phones and amounts in their usual form when they are valid, as typed otherwise. */
export const finishers: Partial<Record<MaskName, (text: string) => string>> = {
  phone: normalisePhone,
  workPhone: normaliseWorkPhone,
  money: normaliseMoneyInput,
};
