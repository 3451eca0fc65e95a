import { data, Form, type RouterContextProvider, useNavigation } from "react-router";
import { brand, phones } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { clientInfo } from "#server/http/client-info";
import { rateLimit } from "#server/http/rate-limit";
import { edgeContext, sessionContext } from "#server/http/request-context";
import { tryAgainIn } from "#server/http/retry-after";
import { StepAlert } from "../components/ApplyShell";
import { FieldError, SelectField, TextField } from "../components/form/Field";
import { masks } from "../components/form/masks";
import { useStepValidation } from "../components/form/useStepValidation";
import { PhoneLink } from "../components/PhoneLink";
import type { Route } from "./+types/contact";
import { accessPlatform } from "./access.server";
import { formValues, validateStep } from "./apply/wizard.server";
import { CONTACT_TOO_MANY, categoryLabel, contactCategories, contactSchema, MESSAGE_MAX } from "./contact.schema";
import { portalSummary } from "./portal/portal.server";

export function meta() {
  return [{ title: `Contact Us | ${brand.name}` }];
}

/** The limit's Retry-After reaches the document (and `.data`) answer, not only the action's data. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

type Prefill = { firstName: string; lastName: string; email: string; phone: string };
const BLANK: Prefill = { firstName: "", lastName: "", email: "", phone: "" };

/** Spec file 3, section 8: the contact call's rejection text. */
export const CALL_FAILED = "Call failed";
/** A signed-in borrower's name, e-mail and phone from the summary; guests start blank. */
async function prefill(context: Readonly<RouterContextProvider>): Promise<Prefill> {
  if (!context.get(sessionContext).session?.data.customerId) return BLANK;
  try {
    const { accountProfile: p } = await portalSummary(context, { allowInterrupters: true });
    return {
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.custEmail,
      phone: masks.phone(p.mobileNumber || p.phoneNumber),
    };
  } catch {
    // The form works without the prefill (an ended platform session, the platform down).
    return BLANK;
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  // A new key for every fresh form; after a send the loaders run again and the next message gets its own.
  return { prefill: await prefill(context), requestId: crypto.randomUUID() };
}

/** Re-checks the schema, limits per client IP, then ContactUs/ContactUs (stored and acknowledged by e-mail). */
export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const checked = await validateStep(contactSchema, values);
  if (!checked.ok) return checked.failure;
  const { env } = context.get(edgeContext);
  const limit = await rateLimit(env, "contactPerIp", clientInfo(request).ip);
  if (!limit.allowed) {
    // What was typed comes back, with when to try again (on the page and as Retry-After).
    const retryAfterSeconds = limit.retryAfterSeconds;
    return data(
      { errors: {}, values, alert: CONTACT_TOO_MANY, retryAfterSeconds },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  const form = checked.output;
  try {
    const { platform } = accessPlatform(context);
    const answer = await platform.call(catalogue.misc.ContactUs, {
      contactEmail: form.email,
      messageCategory: categoryLabel(form.messageCategory),
      messageBody: form.message,
      firstName: form.firstName,
      lastName: form.lastName,
      contactPhone: form.phone,
      requestId: form.requestId ?? crypto.randomUUID(),
    });
    if (answer.success) return { sent: crypto.randomUUID(), email: form.email };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
  }
  // What the person typed comes back with the failure, so nothing is lost.
  return data({ errors: {}, values, alert: CALL_FAILED }, { status: 502 });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const sent = actionData && "sent" in actionData ? actionData : null;
  const failed = actionData && "values" in actionData ? actionData : null;
  const limited =
    failed && "retryAfterSeconds" in failed && typeof failed.retryAfterSeconds === "number"
      ? { retryAfterSeconds: failed.retryAfterSeconds }
      : null;
  const { errors, alert, formProps } = useStepValidation(contactSchema, failed?.errors);
  const submitting = useNavigation().state === "submitting";
  // After a success the form starts again (a new key), prefilled for a signed-in borrower.
  const values: Record<string, string | undefined> = failed?.values ?? loaderData.prefill;
  return (
    <section className="container page-section contact">
      <h1>Contact Us</h1>
      <p className="lead">
        Send us a message and we'll reply by e-mail within one business day. For faster help, call{" "}
        <PhoneLink digits={phones.contact} />.
      </p>
      <div aria-live="polite">
        {sent ? (
          <p className="banner banner-success contact-sent" role="status">
            Thank you. Your message was sent, and we e-mailed an acknowledgement to {sent.email}.
          </p>
        ) : null}
      </div>
      {failed?.alert === CALL_FAILED ? (
        <div className="banner banner-error contact-failed" role="alert">
          <strong>{CALL_FAILED}</strong>
          <p>
            We couldn't send your message just now. Please try again, or call us at{" "}
            <PhoneLink digits={phones.contact} />.
          </p>
        </div>
      ) : null}
      {limited ? (
        <div className="banner banner-error contact-failed" role="alert">
          <strong>{CONTACT_TOO_MANY}</strong>
          <p>
            Your message was not sent. Please try again {tryAgainIn(limited.retryAfterSeconds)}, or call us at{" "}
            <PhoneLink digits={phones.contact} />.
          </p>
        </div>
      ) : null}
      <Form method="post" className="contact-form" key={sent?.sent ?? "contact"} {...formProps}>
        {/* A failed send keeps its key, so trying again cannot store the message twice. */}
        <input type="hidden" name="requestId" value={failed?.values.requestId ?? loaderData.requestId} />
        <div className="field-grid">
          <TextField
            name="firstName"
            label="First Name"
            defaultValue={values.firstName}
            error={errors.firstName}
            mask="name"
            autoComplete="given-name"
            maxLength={40}
          />
          <TextField
            name="lastName"
            label="Last Name"
            defaultValue={values.lastName}
            error={errors.lastName}
            mask="name"
            autoComplete="family-name"
            maxLength={40}
          />
          <TextField
            name="email"
            label="Email Address"
            type="email"
            defaultValue={values.email}
            error={errors.email}
            inputMode="email"
            autoComplete="email"
            maxLength={254}
          />
          <TextField
            name="phone"
            label="Phone Number"
            type="tel"
            optional
            defaultValue={values.phone}
            error={errors.phone}
            mask="phone"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={30}
            placeholder="###-###-####"
          />
        </div>
        <SelectField
          name="messageCategory"
          label="What is your message about?"
          options={contactCategories}
          defaultValue={values.messageCategory}
          error={errors.messageCategory}
        />
        <div className={errors.message ? "field has-error" : "field"}>
          <label htmlFor="message">Message</label>
          <textarea
            id="message"
            name="message"
            defaultValue={values.message}
            maxLength={MESSAGE_MAX}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby="message-error"
          />
          <FieldError id="message" message={errors.message} />
        </div>
        {/* Field errors only: the call's failure and the limit have their own messages above the form. */}
        <StepAlert show={alert && !limited && failed?.alert !== CALL_FAILED} />
        <button type="submit" className="button button-primary button-large" disabled={submitting}>
          SEND MESSAGE
        </button>
      </Form>
    </section>
  );
}
