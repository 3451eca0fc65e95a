import { Link } from "react-router";
import { brand, phones } from "../../../functions/config";
import { PhoneLink } from "../../components/PhoneLink";

export function meta() {
  return [{ title: `Application withdrawn | ${brand.name}` }];
}

/** A person who declares active-duty military service (or a spouse or dependent) cannot complete the line. */
export default function Military() {
  return (
    <section className="container page-section outcome">
      <h1>We can't complete your line of credit</h1>
      <p>
        Thank you for your service. Because you told us you are an active-duty member of the military, or a spouse or dependent of one, we are not able to offer
        you a line of credit, and your application has been withdrawn.
      </p>
      <p>
        If you answered by mistake, please call us at <PhoneLink digits={phones.customerService} />.
      </p>
      <p><Link to="/" className="button button-outline">Back to Homepage</Link></p>
    </section>
  );
}
