import { security } from "./config";

/**
 * The password rules (spec file 2, section 5), shared by the pages' live
 * criteria list and the platform, which re-checks every new password.
 */
export const passwordCriteria = [
  {
    id: "length",
    label: `${security.passwordMinLength} to ${security.passwordMaxLength} characters`,
    test: (p: string) => p.length >= security.passwordMinLength && p.length <= security.passwordMaxLength,
  },
  { id: "upper", label: "One uppercase letter", test: (p: string) => /[A-Z]/.test(p) },
  { id: "lower", label: "One lowercase letter", test: (p: string) => /[a-z]/.test(p) },
  { id: "digit", label: "One number", test: (p: string) => /\d/.test(p) },
  { id: "special", label: "One special character", test: (p: string) => /[^\w\s]|_/.test(p) },
  { id: "spaces", label: "No spaces", test: (p: string) => !/\s/.test(p) },
] as const;

export function meetsPasswordCriteria(password: string): boolean {
  return passwordCriteria.every((c) => c.test(password));
}
