/** The D1 round trips (or Durable Object calls) a request's Server-Timing counts: all, and those one after another. */
export const tripsOf = (response: Response, store: "d1" | "do" = "d1") => {
  const header = response.headers.get("Server-Timing") ?? "";
  const match = header.match(new RegExp(`(?:^|, )${store};desc="(\\d+) [a-z ]+?, (\\d+) sequential"`));
  return match ? { trips: Number(match[1]), sequential: Number(match[2]) } : null;
};

/**
 * The trips a production request makes: in development the servicing clock
 * (movable there) is read at most once a second per isolate, which a request
 * may or may not meet; production never reads it.
 */
export const productionTripsOf = (response: Response) => {
  const counted = tripsOf(response)!;
  const timing = response.headers.get("Server-Timing") ?? "";
  const clockReads = timing.match(/desc="select settings( \(parallel\))?"/g)?.length ?? 0;
  // Only a read that waited for nothing before it counted as sequential.
  const sequentialClockReads = timing.match(/desc="select settings"/g)?.length ?? 0;
  return { trips: counted.trips - clockReads, sequential: counted.sequential - sequentialClockReads };
};
