import * as v from "valibot";
import { Digits, defineCall, Email, IsoDate, Status, Text, withToken } from "./define";

const Password = v.pipe(v.string(), v.minLength(1, "Required."), v.maxLength(128));
const UserSession = v.optional(
  v.object({
    browserVersion: v.optional(Text(120), ""),
    osVersion: v.optional(Text(120), ""),
    mobileVersion: v.optional(Text(120), ""),
    countryCode: v.optional(Text(8), ""),
    logoutType: v.optional(v.number(), 1),
  }),
);

/**
 * customerLoginResults: 1 success, 2 wrong password, 3 unknown user, 6/10
 * locked. attemptsLeft: after a wrong password (2), how many more wrong ones
 * the account takes before it locks (issue 33: the login page warns from the
 * platform's own count); null for every other result.
 */
export const Login = defineCall({
  method: "POST",
  path: "Auth/Login",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    userName: Email,
    password: Password,
    remoteIP: v.optional(Text(45), ""),
    fetchAdditionalInformation: v.optional(v.boolean(), true),
    userSession: UserSession,
  }),
  answer: withToken({
    customerLoginResults: v.number(),
    id: v.number(),
    custId: v.string(),
    sessionId: v.string(),
    firstName: v.string(),
    loanStatus: v.string(),
    firstDrawAmount: v.number(),
    hasValidEsignatures: v.boolean(),
    lockedUntil: v.nullable(v.number()),
    attemptsLeft: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
});

export const Logout = defineCall({
  method: "POST",
  path: "Auth/Logout",
  auth: "customer",
  payloadIn: "body",
  payload: v.object({ logoutType: v.optional(v.number(), 2) }),
  answer: Status,
});

export const ValidateEmail = defineCall({
  method: "POST",
  path: "Auth/ValidateEmail",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ emailAddress: Email, remoteIP: v.optional(Text(45), "") }),
  answer: withToken({
    validEmail: v.boolean(),
    multiUser: v.boolean(),
    twoFactorAuthenticationEnabled: v.boolean(),
    users: v.array(
      v.object({
        userId: v.number(),
        customerId: v.string(),
        firstName: v.string(),
        custSSN: v.string(),
        custMobileNumber: v.string(),
        custHomePhoneNumber: v.string(),
        maskedEmail: v.string(),
      }),
    ),
  }),
});

export const VerifyIdentity = defineCall({
  method: "POST",
  path: "Auth/VerifyIdentity",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ emailAddress: Email, custSSN: Digits(4), custDOB: IsoDate, remoteIP: v.optional(Text(45), "") }),
  answer: withToken({ validEmail: v.boolean(), validIdentity: v.boolean(), isRegistered: v.boolean() }),
});

/** Creates the login of a customer who has none (identity proven by the caller's flow). */
export const Register = defineCall({
  method: "POST",
  path: "Auth/Register",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    email: Email,
    password: Password,
    confirmPassword: Password,
    custSSN: Digits(4),
    dob: IsoDate,
  }),
  answer: withToken({ registered: v.boolean(), reason: v.optional(v.string()) }),
});

/**
 * Forgot password: proves identity with last-4 SSN and birthdate, then sets
 * the password. Every other platform token of the customer ends (the
 * caller's own stays when it is the customer's); the site ends its other
 * sessions of the customer.
 */
export const ChangePassword = defineCall({
  method: "POST",
  path: "Auth/ChangePassword",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    email: Email,
    last4SSN: Digits(4),
    dateOfBirth: IsoDate,
    password: Password,
    confirmPassword: Password,
  }),
  answer: withToken({ updated: v.boolean(), reason: v.optional(v.string()) }),
});

/**
 * E-mails a reset link (valid 30 minutes) when the identity matches; answers
 * the same either way, so it cannot be used to probe who is a customer.
 */
export const ResetPassword = defineCall({
  method: "POST",
  path: "Auth/ResetPassword",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    email: Email,
    last4SSN: Digits(4),
    DateOfBirth: IsoDate,
    resetUrlBase: v.pipe(v.string(), v.url("resetUrlBase must be a URL.")),
  }),
  answer: Status,
});

export const ValidateToken = defineCall({
  method: "POST",
  path: "Auth/ValidateToken",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({ token: v.pipe(v.string(), v.minLength(1, "Required.")) }),
  /** tokenState 0 means valid; 1 expired or unknown; 2 already used, within its 30 minutes (a lost answer's retry). */
  answer: withToken({ tokenState: v.number(), emailAddress: v.string(), passwordGUID: v.string() }),
});

/**
 * A reset from the e-mailed link: sets the password and ends every platform
 * token of the customer, the caller's included. The answer names the
 * customer (custId, when updated) so the site can end every session of theirs.
 */
export const UpdatePassword = defineCall({
  method: "POST",
  path: "Auth/UpdatePassword",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    email: Email,
    password: Password,
    confirmPassword: Password,
    tokenId: v.pipe(v.string(), v.minLength(1, "Required.")),
  }),
  answer: withToken({ updated: v.boolean(), reason: v.optional(v.string()), custId: v.optional(v.string()) }),
});

export const LoginAttempts = defineCall({
  method: "POST",
  path: "Auth/LoginAttempts",
  auth: "merchant",
  payloadIn: "body",
  payload: v.object({
    Note: Text(200),
    ProcessId: Text(20),
    Success: v.boolean(),
    CustomerId: v.optional(v.string(), ""),
  }),
  answer: withToken({ status: v.boolean(), attemptCount: v.number() }),
});
