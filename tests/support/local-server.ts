import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

/** Starts a fake provider on a free local port: its base URL, and a close that also drops hanging requests. */
export async function listenLocally(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The error a send was refused with, which must be of the provider's error class. */
export async function refusalOf<E>(send: Promise<unknown>, errorClass: new (...args: never[]) => E): Promise<E> {
  const error = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(errorClass);
  return error as E;
}
