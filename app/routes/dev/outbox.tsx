import { database } from "#db/client";
import { latestOutbox } from "#servicing";
import type { Route } from "./+types/outbox";
import { developmentEnv } from "./dev-guard.server";

/** Development only: every e-mail, text and call the product "sent", newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const env = developmentEnv(context);
  const rows = await latestOutbox(database(env.DB), 200);
  return {
    messages: rows.map((m) => ({
      id: m.id,
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject,
      body: m.body,
      at: new Date(m.createdAt).toISOString(),
    })),
  };
}

export function meta() {
  return [{ title: "Outbox (development)" }];
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page-section">
      <h1>Outbox</h1>
      <p className="lead">
        Development only: the messages the product would have sent. Passcodes are in the texts and e-mails below.
      </p>
      {loaderData.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <table>
          <caption>Newest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Channel</th>
              <th scope="col">To</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.messages.map((m) => (
              <tr key={m.id}>
                <td>{m.at.replace("T", " ").slice(0, 19)}</td>
                <td>{m.channel}</td>
                <td>{m.recipient}</td>
                <td>
                  {m.subject ? <strong>{m.subject}: </strong> : null}
                  {m.body}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
