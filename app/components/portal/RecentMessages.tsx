import { easternDateTime } from "#domain/calendar";
import { type Column, DataTable } from "./DataTable";

/** A message as the platform lists it (Communications/GetMessages): never its code, link or address. */
export interface SentMessage {
  channel: "email" | "sms" | "voice";
  about: string;
  sentAt: string;
  status: "queued" | "held" | "sent" | "delivered" | "failed" | "suppressed";
}

const CHANNEL: Record<SentMessage["channel"], string> = { email: "Email", sms: "Text", voice: "Call" };

/** What became of each, in the borrower's words. */
export const MESSAGE_STATUS: Record<SentMessage["status"], string> = {
  queued: "Sending",
  held: "Waiting until 8 a.m. your time",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Not delivered",
  suppressed: "Not sent",
};

/** Why a message was not sent: the number said STOP, or mail to the address bounced. */
const statusOf = (m: SentMessage) =>
  m.status !== "suppressed"
    ? MESSAGE_STATUS[m.status]
    : m.channel === "email"
      ? "Not sent: email to this address could not be delivered"
      : "Not sent: texts are stopped for this number";

const columns: ReadonlyArray<Column<SentMessage>> = [
  { key: "date", header: "Date", kind: "date", value: (m) => easternDateTime(new Date(m.sentAt)).date },
  { key: "channel", header: "Sent by", kind: "text", value: (m) => CHANNEL[m.channel] },
  { key: "about", header: "About", kind: "text", value: (m) => m.about },
  { key: "status", header: "Status", kind: "text", value: statusOf },
];

/**
 * The last messages we sent the borrower (issue 18), newest first, so they
 * can tell a passcode that never came from one that went to an old address.
 * Null: the platform could not say just now, and the rest of the page works.
 */
export function RecentMessages({ messages }: { messages: SentMessage[] | null }) {
  return (
    <section className="card" aria-labelledby="recent-messages-title">
      <h2 id="recent-messages-title">Messages We Sent You</h2>
      {messages === null ? (
        <p className="banner banner-warning">Your messages cannot be shown right now. Please try again later.</p>
      ) : (
        <DataTable
          rows={messages}
          columns={columns}
          rowKey={(m) => `${m.sentAt}-${m.about}-${m.channel}`}
          caption="Messages we sent you"
          empty="We have not sent you any messages yet."
        />
      )}
    </section>
  );
}
