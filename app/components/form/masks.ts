/**
 * Input masks (spec file 1, sections 3 and 5): they shape what is typed, the
 * schemas decide what is valid. Each takes the raw value, returns the masked one.
 */
const digits = (text: string, max: number) => text.replace(/\D/g, "").slice(0, max);

export const masks = {
  /** ###-##-#### */
  ssn(text: string) {
    const d = digits(text, 9);
    return [d.slice(0, 3), d.slice(3, 5), d.slice(5)].filter(Boolean).join("-");
  },
  /** ###-###-#### */
  phone(text: string) {
    const d = digits(text, 10);
    return [d.slice(0, 3), d.slice(3, 6), d.slice(6)].filter(Boolean).join("-");
  },
  /** ###-###-####x#### (at most 17 characters, spec section 5) */
  workPhone(text: string) {
    const [main = "", ext = ""] = text.split(/x/i);
    const phone = masks.phone(main);
    const extension = digits(ext, 4);
    return /x/i.test(text) && phone.length === 12 ? `${phone}x${extension}` : phone;
  },
  /** mm/dd/yyyy with the slashes inserted as digits are typed */
  date(text: string) {
    const d = digits(text, 8);
    return [d.slice(0, 2), d.slice(2, 4), d.slice(4)].filter(Boolean).join("/");
  },
  /** digits and one dot, at most two decimals */
  money(text: string) {
    const [whole = "", ...rest] = text.replace(/[^\d.]/g, "").split(".");
    return rest.length ? `${whole.slice(0, 6)}.${rest.join("").slice(0, 2)}` : whole.slice(0, 6);
  },
  digits9: (text: string) => digits(text, 9),
  digits15: (text: string) => digits(text, 15),
  zip: (text: string) => digits(text, 5),
  /** Letters, hyphen, space and apostrophe only (names). */
  name: (text: string) => text.replace(/[^A-Za-z' -]/g, "").slice(0, 40),
} as const;

export type MaskName = keyof typeof masks;

/** Take-home pay shown with two decimals once the field is left. */
export function twoDecimals(text: string): string {
  if (!text || Number.isNaN(Number(text))) return text;
  return Number(text).toFixed(2);
}
