import { hours, phones } from "#domain/config";
import { PhoneLink } from "../PhoneLink";

/** Customer service's hours in one line, as the configuration keeps them (Eastern). */
const HOURS = hours.customerService.map((h) => `${h.days}, ${h.hours}`).join("; ");

/**
 * Whom to call, and when: for a borrower the portal cannot serve online (a
 * state where draws are unavailable), a message alone leaves them nowhere to go.
 */
export function CallCustomerService() {
  return (
    <p className="call-customer-service">
      Questions? Call Customer Service at <PhoneLink digits={phones.customerService} /> ({HOURS}).
    </p>
  );
}
